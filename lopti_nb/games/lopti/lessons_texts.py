"""Lopti's rules in three voices, written for this project (rules reference \u00a71, ``reference.md``).

Each voice gives every step a title and a short text; the steps (and so the clauses they
teach) are the same in every voice. ``plain`` is the reference; ``pirate`` tells it from a
ship's deck and ``comrade`` from a committee room. None of these sentences is taken from the
source documents.
"""
from __future__ import annotations

PLAIN = {
    "goal": ("The goal: be the first out",
             "Lopti is a card game for 2 to 5 players. Your aim is to be the first to get rid of "
             "all your cards. You hold them in three places: a hand that only you see, three "
             "face-up cards on the table in front of you, and under them three face-down cards "
             "that nobody sees, not even you. You play out your hand before anything else, after it "
             "your face-up cards, and last of all your face-down cards, one at a time (a face-down card that clears the pile lets you play again, so a second may follow in the same turn); when your last face-down card goes down as "
             "a legal play, you win the round.\n\n"
             "One turn: you put cards on the pile in the middle of the table, if the rules let "
             "them go on the card on top, or you take the whole pile into your hand. Cards left "
             "over after the deal form the draw pile, from which a player refills a short hand. "
             "Playing first onto an empty table is called leading. Turns go clockwise, and one round "
             "lasts from the deal until a player is out. The 2, 3, 7 and 10 are special cards, and "
             "their faces carry a reminder word (reset, duty, down, clear) for rules taught a few "
             "steps on.\n\n"
             "Rounds follow one another in a session. The winner of each round writes a new rule, "
             "a motion, for the rest of the session; once a round the table may hold a Rule Vote "
             "to change the rules, and a tied vote is settled by Roshambo (rock-paper-scissors). "
             "These come after the card rules. The picture is a real table just dealt for three "
             "players: you are Seat 1."),
    "order": ("Cards and their order",
              "Lopti uses one standard 52-card deck with no jokers, and suits play no part at all. "
              "The everyday ranks climb 4, 5, 6, 8, 9, J, Q, K, A. The 2, 3, 7 and 10 sit outside "
              "that ladder: each has a job of its own, taught in the steps that follow.\n\n"
              "Here an 8 is on top. Try playing each card in the hand and see which ones may climb on it."),
    "one_rank": ("A play is one rank",
                 "A play is any number of cards that all share one rank, taken from the same place "
                 "(your hand, or a single face-down card). Suits never need to match. The pile is "
                 "everything played since it was last cleared or picked up.\n\n"
                 "Try a single 5, both 5s, the pair of jacks, or claiming a third 5 you do not hold."),
    "lead": ("Leading onto an empty table",
             "When nothing lies on the table, the player to act leads: any rank, in any number, is "
             "fine. There is nothing to pick up, so taking the pile is not an option."),
    "match_more": ("Matching with more",
                   "To play the rank that is already on top, you must put down more cards than the "
                   "play just before yours. The comparison is with that last play only, not with "
                   "the whole pile. A higher ordinary rank may always go on, in any number."),
    "four": ("Four of a kind, across plays",
             "When four cards of one rank lie together on top of the pile, the pile is cleared at "
             "once. They may arrive in one play or in several: a single card that makes the "
             "fourth is legal even though it is fewer than the play before it. Whoever clears gets "
             "a bonus play onto the empty table."),
    "two_on": ("The 2 goes on anything",
               "A 2 may be played on any pile, unless a 3 duty is live (the duty a 3 hands on, "
               "taught a few steps on). It stays in the pile after it is played."),
    "after_two": ("After a 2, anything goes",
                  "Once a 2 is on top, the next player may play any rank at all. The one limit "
                  "concerns more 2s: on a 2 you must either play more 2s than the last play or "
                  "finish the set of four."),
    "seven": ("The 7 sends play down",
              "A 7 may go on anything (outside a 3 duty). The player after it must go low: a 4, a "
              "5 or a 6, in any number. A 2 or a 3 is still allowed, and so are more 7s than the "
              "last play (or the ones that complete four). A 10 is never allowed on a 7, and "
              "neither is an 8 or anything higher. This demand for lower cards is the 7 directive: "
              "it holds for the next play only, and a clear ends it."),
    "ten": ("The 10 clears",
            "A 10 clears the pile the moment it lands, and the player who played it takes a bonus "
            "play. It may follow any play but a 7, and never while a 3 duty is live. The 10 and every cleared card "
            "leave the round; only a motion in force (a custom rule, taught later) can bring them back."),
    "three_duty": ("The 3 hands on a duty",
                   "A 3 is always playable and leaves play at once; it never joins the pile. "
                   "Played onto a pile, it gives the next player a duty: answer with 3s or take "
                   "the pile. However many 3s go down together, the duty moves on by one player."),
    "answer_duty": ("Answering a 3 duty",
                    "Under a live 3 duty only 3s are legal: no 10, no 2, nothing else. The player "
                    "on duty plays one or more 3s, passing the duty to the next player, or takes "
                    "the whole pile."),
    "chain": ("Four 3s in a chain",
              "The chain counts every 3 played since the last play of any other rank, the last "
              "pickup or the last clear: a 7, a 2, a 10 or an ordinary card in between starts the "
              "count again. When the chain reaches four, the pile is cleared (even if it was empty) and "
              "the player of the fourth 3 takes a bonus play. A clear of any kind ends every "
              "3 duty and every 7 directive."),
    "three_empty": ("Leading a 3",
                    "A 3 led onto an empty table leaves play like any 3, but there is no pile to "
                    "take, so nobody gets a duty: the next player just leads."),
    "take": ("Taking the pile",
             "Instead of playing you may always take the pile into your hand when it holds "
             "cards, even if you have a legal play. Taking it ends your turn."),
    "draw": ("The draw",
             "After the first legal play of your turn you draw one card, but only if the draw "
             "pile still has cards and your hand now holds fewer than three. Playing several "
             "cards at once still earns just one card."),
    "bonus": ("Bonus plays",
              "A clear gives the player who made it a bonus play onto the empty table. A bonus "
              "play earns no draw, and a bonus play that clears earns yet another. A 10 led "
              "onto an empty table clears too.\n\n"
              "This position plays on: make the clear, then try your bonus play."),
    "face_up": ("Taking up the face-up cards",
                "When your hand is empty and your chance to draw this turn is spent (or the draw "
                "pile is empty), you pick up all three face-up cards at once. This can happen in "
                "the middle of bonus plays."),
    "blind": ("Playing face-down cards",
              "With no hand and no face-up cards left, you play one face-down card of your "
              "choice without looking at it: a blind card. If it turns out legal, it counts as a "
              "normal play. If not, that is a miss: it goes onto the pile and you take the whole "
              "pile, which ends your turn. "
              "You may also take a non-empty pile instead of flipping."),
    "blind_duty": ("A blind card under a 3 duty",
                   "A face-down card played under a live 3 duty is legal only if it is a 3. Any "
                   "other card joins the pile, and the pile comes to you."),
    "turns": ("Turn order and playing on for places",
              "Turns pass clockwise to the next seat, skipping players who are already out. By "
              "default the round stops when the first player is out; a table option lets the "
              "others keep going to settle second place and beyond.\n\n"
              "This round is set to play on: take each seat's turn yourself and watch who comes next."),
    "win": ("Winning",
            "Your final face-down card wins the round for you once it goes down as a legal play. Its effect still "
            "happens: a last 7 still sends the next player low, and a last 3 still hands on the "
            "duty."),
    "out_on_clear": ("Going out on a clear",
                     "If the card that clears is your last card, you are out and take no bonus "
                     "play. The next player still in the round leads onto the empty table."),
    "setup": ("The deal and the swap",
              "Each player is dealt a row of three hidden cards, a face-up card resting on each of "
              "them, and a hand of three; the rest form the draw pile. Before the first lead, "
              "each player may once swap one hand card with one of their face-up cards."),
    "rounds": ("Rounds, dealers and the turn cap",
               "The deal moves one seat clockwise each round. In a session's first round the "
               "dealer leads; after that the winner of the previous round leads. Every round has a "
               "turn cap: the most turns it may run, 1,000 unless the table sets another, and the "
               "Rule Vote may change it. A round that reaches it before anyone is out is recorded "
               "as a stalemate (a round nobody won), never quietly dropped."),
    "motion": ("The winner's motion",
               "The winner of a round writes one custom rule, a motion, that holds for the rest "
               "of the session. It must be stated in full before the next deal is finished. In "
               "this software a motion is text, and it may also come with steps the computer "
               "carries out just before or just after base events (a play, a draw, a pickup, a "
               "clear), which may only bring about a few checked kinds of effect: words, showing a card, "
               "draws, gifts of cards, putting cards out, a custom clear (its player takes the "
               "bonus play, as for any clear) and putting cleared cards back into the draw pile or "
               "a role's hand. When an effect needs a choice, the player concerned makes it; a bot "
               "or an absent player gets the table's default choice."),
    "motion_limits": ("What a motion may not do",
                      "A motion may only add things before or after base events such as a play, "
                      "a draw, a pickup or a clear. It can never stop a base event, a clear or "
                      "the bonus play that a clear earns, block a victory or a vote, loop forever, reach "
                      "into the past, or single out a person by name: it speaks of roles and "
                      "conditions only."),
    "withdraw": ("Withdrawing and amending",
                 "A motion's author may withdraw it whenever they like, with no vote. A "
                 "withdrawn motion stays out for the rest of the session; only a later Rule Vote "
                 "can bring it back. Any real change to a motion's wording goes through the Vote. If a "
                 "motion is unclear and its author is away, the table decides by majority, and "
                 "without one it takes the interpretation that departs least from base Lopti."),
    "vote": ("The Rule Vote",
             "Each round allows one Rule Vote, opened as the dealing begins. It can strike out or "
             "amend a motion, or change base Lopti for this session only, where the rule is a "
             "table setting (the turn cap, playing on for places, the swap, or whether a 10 may "
             "go on a 7, say). Each player in the session, "
             "out or not, may cast a ballot: yes, no, or an abstention, which is not a yes. The "
             "vote is counted once all have cast theirs, and it passes only when the yes votes "
             "outnumber half of all session players. The proposal says beforehand whether it starts "
             "now or next round. A failed vote still uses up the round's attempt; the winner's "
             "new motion never does."),
    "roshambo": ("Deadlock and Roshambo",
                 "A vote with as many yes as no ballots (at least one of each; abstentions "
                 "aside) is a deadlock, settled by Roshambo, and the round's attempt is used either way. The proposer faces the motion's author "
                 "(an author at the table who voted to keep the motion always defends it; with the "
                 "author away, an advocate the motion's supporters choose; if nobody defends it, the "
                 "proposal passes). When base law is what would change, the proposer's opponent is "
                 "the first player who formally objected. The two play rock-paper-scissors until "
                 "30 decisive throws have been thrown (a throw with a winner); a tied throw is replayed and does not count. The side with more wins, and "
                 "at 15 all the next decisive throw decides. A side that cannot agree on a "
                 "player runs a knockout bracket, one decisive throw per match. Neither the Vote "
                 "nor Roshambo can ever be changed."),
    "new_session": ("A new session",
                    "Every session starts with no motions. Old motions come back only if a "
                    "majority approves them at setup, and that approval does not spend the first "
                    "round's Rule Vote."),
    "quiz": ("Quiz: the classic rulings",
             "Questions players ask at the table, each answered by Lopti's rules as this package applies them."),
    "sandbox": ("Sandbox: build any pile",
                "Lay plays one after another to build any pile you like, then ask the rules "
                "about any play on it."),
}

PIRATE = {
    "goal": ("The goal: first to empty yer cards",
             "Lopti be a card game for 2 to 5 sailors, and the prize goes to the first to be rid "
             "of every card. Ye keep yer cards in three places: a fist only ye may see, three "
             "face-up cards on the table afore ye, and beneath them three face-down cards nobody "
             "sees, not even ye. Empty yer fist first, then yer face-up cards, then the face-down "
             "ones, one at a time (one that sinks the heap lets ye throw again, so a second may follow in the same turn); when yer last face-down card lands as a lawful throw, the round "
             "be yers.\n\n"
             "One turn: ye throw cards onto the heap in the middle, if the rules let 'em go on the "
             "top card, or ye haul the whole heap into yer fist. The cards left after the deal be "
             "the draw pile, where a short fist fills up again. Throwing first onto bare planks be "
             "called leading. Turns go clockwise, and a round runs from the deal till a sailor is "
             "out. The 2, 3, 7 and 10 be special cards, and their faces carry a reminder word "
             "(reset, duty, down, clear) for articles taught a few steps on.\n\n"
             "Rounds follow one another in a session. The winner of each round writes a new law, a "
             "motion, for the rest of the session; once a round the crew may call a Rule Vote to "
             "change the laws, and a tied vote be settled by Roshambo (rock-paper-scissors). Those "
             "come after the card rules. The picture be a real table, just dealt for three: ye be "
             "Seat 1."),
    "order": ("The deck and the pecking order",
              "One plain deck o' fifty-two, no jokers aboard, and the suits be nothing but paint. "
              "The common ranks climb like rigging: 4, 5, 6, 8, 9, jack, queen, king, ace. "
              "The 2, 3, 7 and 10 be rogues with their own orders, and ye'll meet each in turn.\n\n"
              "An 8 rides atop the heap. Test every card in yer fist and see which may climb over it."),
    "one_rank": ("A play be one rank",
                 "Throw down as many cards as ye please, so long as they share one rank and come "
                 "from one place: yer fist, or a single card from under the table. Suits need not "
                 "agree. The heap be all that's been thrown since it was last swept or hauled in.\n\n"
                 "Try one 5, the brace o' 5s, the pair o' jacks, or a third 5 ye don't even own."),
    "lead": ("Firing first on bare planks",
             "When the table be bare, the one whose turn it is opens fire with any rank, as many "
             "as they like. There be no heap to haul in, so that choice is off the chart."),
    "match_more": ("Outgunning the same rank",
                   "To throw the rank that already sits atop, ye must put down more cards than "
                   "the last throw, measured against that one throw and not the whole heap. A "
                   "higher common rank may always climb aboard, any number of 'em."),
    "four": ("Four of a kind sinks the heap",
             "Four cards o' one rank lying together atop the heap sink it on the spot, whether "
             "they came in one throw or in pieces. A lone card that makes the fourth be lawful, "
             "though it's fewer than the throw before. The one who sinks it fires a bonus throw "
             "onto bare planks."),
    "two_on": ("The 2 lands anywhere",
               "A 2 may go atop any heap, save when a 3's black duty is live (that duty comes a "
               "few steps on). It stays in the heap once thrown."),
    "after_two": ("After a 2, the sea is open",
                  "With a 2 on top, the next hand may throw any rank under the sky. Only more 2s "
                  "have a catch: atop a 2 ye must throw more 2s than the last throw, or make up "
                  "the full four."),
    "seven": ("The 7 drags the play downward",
              "A 7 may land on anything (unless a 3 duty is live). The sailor after it must go "
              "low: a 4, 5 or 6, as many as they like. A 2 or a 3 still serves, and so do more 7s "
              "than the last throw, or those that make four. Never a 10 upon a 7, and never an 8 "
              "or aught higher. This call for lower cards be the 7 order: it holds for the next "
              "throw only, and a sinking ends it."),
    "ten": ("The 10 sends the heap to the deep",
            "A 10 sinks the heap the moment it strikes, and its thrower fires a bonus throw. It "
            "may land on anything but a 7 or a live 3 duty. The 10 and all it sank stay out of "
            "the round, unless a law in force hauls them back (the winner's laws come later)."),
    "three_duty": ("The 3 passes the black duty",
                   "A 3 may always be thrown, and it walks off the table at once, never joining the "
                   "heap. Thrown onto a heap, it lays a duty on the next sailor: answer with 3s or "
                   "haul in the heap. Throw one 3 or three together, the duty still moves just one "
                   "seat along."),
    "answer_duty": ("Under the black duty",
                    "While a 3 duty is live, only 3s be lawful: no 10, no 2, nothing else. The one "
                    "on duty throws 3s and shoves the duty to the next seat, or hauls in the whole "
                    "heap."),
    "chain": ("Four 3s sink all",
              "The chain counts every 3 thrown since the last throw of any other rank, the last haul "
              "or the last sinking: a 7, a 2 or a common card in between starts the count afresh. "
              "At four, the heap goes down (even a bare one) and whoever threw the fourth 3 fires "
              "a bonus throw. Any sinking wipes out every 3 duty and every 7 order."),
    "three_empty": ("A 3 on bare planks",
                    "A 3 opening on an empty table walks off like any 3, but with no heap to "
                    "haul, no sailor gets a duty. The next one simply opens."),
    "take": ("Hauling in the heap",
             "Rather than throw, ye may always haul the heap into yer fist while it holds cards, "
             "even when a lawful throw be in reach. A haul ends yer turn."),
    "draw": ("Drawing from the draw pile",
             "After yer turn's first lawful throw, take one card from the draw pile, but only if the "
             "draw pile still holds any and yer fist now grips fewer than three. Throwing several at "
             "once still buys ye but one card."),
    "bonus": ("Bonus throws",
              "Whoever sinks the heap fires a bonus throw onto the bare planks. A bonus throw "
              "draws no card, and a bonus throw that sinks the heap earns another. A 10 opening on "
              "bare planks sinks too.\n\n"
              "This table plays on: make yer sinking, then fire yer bonus throw."),
    "face_up": ("Picking up yer showing cards",
                "When yer fist be empty and yer chance to draw this turn is gone (or the draw pile is "
                "dry), ye take up all three of yer face-up cards together. That can happen right "
                "in the middle of bonus throws."),
    "blind": ("Throwing blind",
              "Fist empty and face-up cards gone? Then pick one of yer face-down cards and throw "
              "it unseen: a blind card. If luck makes it lawful, it plays like any throw. If not, "
              "that's a miss: it lands on the heap and ye haul the whole lot, and yer turn is "
              "done. Ye may haul a heap with "
              "cards instead of flipping."),
    "blind_duty": ("Blind under the black duty",
                   "A blind card thrown while a 3 duty is live is lawful only if it turns out a 3. "
                   "Anything else joins the heap, and the heap is yours."),
    "turns": ("Whose turn, and fighting for places",
              "Turns go round clockwise to the next seat, passing over anyone already out. "
              "Normally the round stops once the first sailor is out; a table option lets the "
              "rest fight on for second place and below.\n\n"
              "This table fights on: take every seat's turn and mark who comes next."),
    "win": ("Victory",
            "Ye win the instant yer last face-down card lands lawfully. Its mischief still "
            "counts: a last 7 still drags the next sailor low, and a last 3 still passes the duty."),
    "out_on_clear": ("Out on a sinking",
                     "If the card that sinks the heap be yer very last, ye're out and fire no bonus "
                     "throw. The next sailor still aboard opens on the bare planks."),
    "setup": ("The deal and the one swap",
              "Each sailor is dealt three hidden cards, a showing card atop each of 'em, and three "
              "for the fist; the rest make the draw pile. Before the first throw, each may "
              "trade one fist card for one of their face-up cards, once."),
    "rounds": ("Rounds, dealers and the turn cap",
               "The deal moves one seat clockwise each round. In a session's first round the "
               "dealer opens; after that, the last round's winner does. Every round carries a turn "
               "cap: the most turns it may run, 1,000 unless the table sets another, and the Rule "
               "Vote may change it. A round that "
               "hits it before anyone is out is logged as a stalemate (a round nobody won), never "
               "swept under the rug."),
    "motion": ("The victor's new law",
               "Whoever wins a round writes one law of their own, a motion, binding for the rest "
               "of the session. It must be spoken in full before the next deal is done. Aboard "
               "this software a motion is words, maybe with steps the computer carries out just "
               "before or after the table's events, and those steps may only bring a few checked "
               "kinds of effect: "
               "words, showing a card, draws, gifts, putting cards out, a custom sinking (its "
               "sailor fires the bonus throw, as for any sinking) and hauling sunk cards back into "
               "the draw pile or a role's hand. Where an effect needs a choice, the sailor it "
               "touches makes it; a bot or an absent sailor takes the table's default choice."),
    "motion_limits": ("What no law may do",
                      "A motion may only bolt extra doings onto the table's events, before or "
                      "after a throw, a draw, a haul, a sinking and the like. It may never stop "
                      "such an event, a sinking or the sinker's bonus throw, bar a victory or a "
                      "vote, spin without end, reach back into the past, or aim at a sailor by "
                      "name: roles and conditions only."),
    "withdraw": ("Striking and mending a law",
                 "A motion's writer may strike it whenever they fancy, no vote needed. Once struck "
                 "it stays overboard the rest of the session; only a later Rule Vote can fish it out. Any "
                 "real rewording needs the Vote. Should a law be murky with its writer ashore, the "
                 "crew's majority reads it; failing that, take the reading that bends base Lopti "
                 "the least."),
    "vote": ("The crew's Rule Vote",
             "Each round the crew gets one Rule Vote, opened as the dealing starts. It may strike "
             "or mend a motion, or change base Lopti for this session alone, where the rule be a "
             "table setting (the turn cap, playing on for places, the swap, or whether a 10 may "
             "land on a 7). Any sailor of the session, even one "
             "already out, may say aye, nay, or hold their tongue, and silence counts for no aye. "
             "It carries only with ayes from more than half the whole crew. Before the vote, the proposal says if it bites now or next "
             "round. A failed vote still spends the round's one try; the winner's new law never "
             "spends it."),
    "roshambo": ("A tied vote and Roshambo",
                 "As many ayes as nays, and at least one of each, be a deadlock, settled by Roshambo, and the round's try is "
                 "spent regardless. The proposer faces the law's writer, who always defends it when "
                 "aboard and voting to keep it (with the writer ashore, a champion its backers "
                 "pick; if none will defend it, the proposal carries). When it's base law on the "
                 "block, the opponent is whichever sailor first objected formally. The two throw "
                 "rock-paper-scissors till 30 decisive throws (a throw with a winner) be done; ties are thrown again and "
                 "don't count. More wins takes it, and at 15 apiece the next decisive throw settles "
                 "it. A side that can't pick a champion holds a knockout bracket, one decisive "
                 "throw a match. Neither the Vote nor Roshambo may ever be altered."),
    "new_session": ("A fresh voyage",
                    "Each session sets sail with no motions at all. Old laws return only if a "
                    "majority approves them at setup, and that approval doesn't spend the first "
                    "round's Rule Vote."),
    "quiz": ("Quiz: disputes settled at the table",
             "The arguments sailors always have, each settled by the articles of Lopti."),
    "sandbox": ("Sandbox: stack any heap",
                "Lay throws one after another to build whatever heap ye like, then ask the articles "
                "about any throw upon it."),
}

COMRADE = {
    "goal": ("The objective: be the first out",
             "Lopti is a card game for 2 to 5 comrades. The objective is to be the first to "
             "dispose of all your cards. They are held in three places: a hand that only you "
             "see, three face-up cards on the table before you, and beneath them three face-down "
             "cards that nobody sees, yourself included. The hand is emptied first, then the "
             "face-up cards, then the face-down cards, one at a time (a face-down card that clears the pile lets you play again, so a second may follow in the same turn); when your last face-down card "
             "goes down as a legal play, the round is yours.\n\n"
             "One turn: you put cards on the pile in the centre, where the rules allow them on "
             "the top card, or you collect the whole pile into your hand. Cards left after the "
             "distribution form the draw pile, which refills a short hand. Turns proceed "
             "clockwise, and a round lasts from the distribution until a comrade is out. Playing "
             "first onto an empty table is called leading. The 2, 3, 7 and 10 are special cards, "
             "and their faces carry a reminder word (reset, duty, down, clear) for rules set out "
             "a few steps on.\n\n"
             "Rounds follow one another in a session. The winner of each round drafts a new rule, "
             "a motion, for the rest of the session; once a round the membership may hold a Rule "
             "Vote to change the rules, and a tied vote is settled by Roshambo "
             "(rock-paper-scissors). These follow the card rules. The picture is a real table just "
             "dealt for three: you are Seat 1."),
    "order": ("The deck and the order of ranks",
              "The collective uses a single standard deck of fifty-two, jokers excluded, and no "
              "suit enjoys any privilege. Ordinary ranks advance 4, 5, 6, 8, 9, J, Q, K, A. The "
              "2, 3, 7 and 10 carry special duties, which the following sessions of study explain.\n\n"
              "An 8 holds the top of the pile. Submit each card in the hand for review and learn "
              "which may advance upon it."),
    "one_rank": ("One play, one rank",
                 "A play is any number of cards united by a single rank, drawn from a single "
                 "source: the hand, or one face-down card. Suits are irrelevant. The pile is every "
                 "card played since the last clear or collection.\n\n"
                 "Propose a single 5, both 5s, the two jacks, or a third 5 that the hand does not possess."),
    "lead": ("Opening on an empty table",
             "When the table holds nothing, the comrade whose turn it is opens with any rank in "
             "any quantity. With no pile, collecting it is not on the agenda."),
    "match_more": ("Matching by a larger delegation",
                   "To play the rank already on top, a comrade must field more cards than the "
                   "previous play, judged against that play alone and not the whole pile. Any "
                   "higher ordinary rank may always advance, in any quantity."),
    "four": ("Four of a rank clears the pile",
             "When four cards of one rank stand together on top, the pile is cleared at once, "
             "whether the four arrived together or in instalments. A single card completing the "
             "four is in order, though it is fewer than the play before. The comrade responsible "
             "earns a bonus play onto the cleared table."),
    "two_on": ("The 2 is welcome anywhere",
               "A 2 may be played on any pile, except while a 3 duty stands (the duty a 3 "
               "assigns is set out a few steps on). It remains in the pile after play."),
    "after_two": ("After a 2, every rank is eligible",
                  "With a 2 on top, the next comrade may play any rank whatsoever. Further 2s "
                  "alone are regulated: on a 2 one must play more 2s than the previous play, or "
                  "complete all four."),
    "seven": ("The 7 directs play downward",
              "A 7 may be played on anything outside a 3 duty. The following comrade must then "
              "play low: a 4, 5 or 6, in any quantity. A 2 or a 3 remains permitted, as do more "
              "7s than the last play or those completing four. A 10 may never follow a 7, and "
              "neither may an 8 or any higher rank. This demand for lower cards is the 7 directive: "
              "it binds the next play only, and any clear cancels it."),
    "ten": ("The 10 clears the pile",
            "A 10 clears the pile on arrival, and its player is granted a bonus play. It is "
            "permitted after any play but a 7, and never during a standing 3 duty. The 10 and all cleared cards are "
            "retired from the round; only a motion in force (a custom rule, taught later) may return them."),
    "three_duty": ("The 3 assigns a duty",
                   "A 3 is always permitted and is retired at once; it never enters the pile. "
                   "Played onto a pile, it assigns the next comrade a duty: reply with 3s or "
                   "collect the pile. One 3 or several together, the duty advances only one seat."),
    "answer_duty": ("Discharging a 3 duty",
                    "While a 3 duty stands, only 3s are in order: no 10, no 2, nothing else. The "
                    "comrade on duty plays 3s, transferring the duty to the next seat, or collects "
                    "the entire pile."),
    "chain": ("A chain of four 3s",
              "The chain records every 3 played since the last play of any other rank, the last "
              "collection or the last clear: a 7, a 2 or an ordinary card in between starts the "
              "count anew. "
              "When the chain reaches four, the pile is cleared (an empty one too) and the author "
              "of the fourth 3 receives a bonus play. Any clear cancels all standing 3 duties and "
              "7 directives."),
    "three_empty": ("A 3 as the opening play",
                    "A 3 opening an empty table is retired as usual, but with no pile to collect "
                    "no comrade receives a duty. The next comrade opens normally."),
    "take": ("Collecting the pile",
             "Instead of playing, a comrade may always collect a pile that holds cards, even "
             "when a legal play exists. Collection ends the turn."),
    "draw": ("Drawing from the draw pile",
             "After the first legal play of a turn, draw one card, provided the draw pile is not "
             "exhausted and the hand now holds fewer than three. A play of several cards is "
             "still rewarded with only one."),
    "bonus": ("Bonus plays",
              "A clear grants the responsible comrade a bonus play onto the empty table. Bonus "
              "plays earn no draw; a bonus play that clears earns a further one. A 10 opening an "
              "empty table also clears.\n\n"
              "This position continues: carry out the clear, then make the bonus play."),
    "face_up": ("Adopting the face-up cards",
                "When a comrade's hand is empty and the turn's draw opportunity is spent (or the "
                "draw pile is exhausted), all three face-up cards are taken into the hand "
                "together. This may occur partway through bonus plays."),
    "blind": ("Face-down cards",
              "With hand and face-up cards exhausted, a comrade plays one face-down card of "
              "their choosing, sight unseen: a blind card. If it proves legal, it counts as a "
              "normal play. If not, the result is a miss: it joins the pile, the comrade collects "
              "the entire pile, and the turn ends. "
              "Collecting a non-empty pile instead of flipping is also permitted."),
    "blind_duty": ("A face-down card under a 3 duty",
                   "A face-down card played while a 3 duty stands is legal only if it is a 3. Any "
                   "other card is added to the pile, which the comrade then collects."),
    "turns": ("Order of turns and further places",
              "Turns proceed clockwise to the next seat, passing over comrades who are already "
              "out. Ordinarily the round closes when the first comrade is out; a table option "
              "lets the rest continue to determine the remaining places.\n\n"
              "This round continues for places: act for every seat and observe who follows."),
    "win": ("Victory",
            "A comrade wins at the moment their final face-down card proves a legal play. Its "
            "function still takes effect: a final 7 still directs the next comrade downward, and "
            "a final 3 still transfers the duty."),
    "out_on_clear": ("Going out with a clear",
                     "Should the clearing card be a comrade's final card, that comrade is out and "
                     "forgoes the bonus play. The next comrade still active opens the empty table."),
    "setup": ("Distribution and the single exchange",
              "Each comrade receives a row of three concealed cards, a face-up card upon each of "
              "them, and a hand of three; the remainder becomes the draw pile. Before "
              "the first play, each comrade may once trade a hand card for one of their own "
              "face-up cards."),
    "rounds": ("Rounds, dealers and the turn cap",
               "Dealing responsibility moves one seat clockwise per round. In a session's opening "
               "round the dealer plays first; afterwards the previous round's winner does. "
               "Every round has a turn cap: the most turns it may run, 1,000 unless the table "
               "sets another, and the Rule Vote may change it. A round that reaches it before anyone is out is recorded as a stalemate "
               "(a round without a winner), openly and never in silence."),
    "motion": ("The winner's motion",
               "The round's winner drafts one custom rule, a motion, in force for the remainder "
               "of the session. It must be read out in full before the next distribution is "
               "complete. In the software a motion is text, optionally with steps the computer "
               "carries out just before or after base events, limited to a small audited list of effects: words, showing a card, "
               "draws, gifts of cards, removal of cards, a custom clear (whose player receives the "
               "bonus play, as for any clear) and the return of cleared cards to the draw pile or "
               "to a role's hand. Where an effect requires a choice, the member concerned makes "
               "it; a bot or an absent member receives the table's default choice."),
    "motion_limits": ("Limits on any motion",
                      "A motion may only attach new actions before or after base events such as "
                      "a play, a draw, a collection or a clear. It may never prevent a base event, "
                      "a clear or the bonus play a clear earns, obstruct victory or voting, run "
                      "without end, act retroactively, or name an individual: it addresses roles "
                      "and conditions alone."),
    "withdraw": ("Withdrawal and amendment",
                 "The author of a motion may withdraw it at any moment without a vote. A withdrawn "
                 "motion stays off the books for the rest of the session; only a later Rule Vote "
                 "may reinstate it. Substantive amendment requires the Vote. When an absent author's motion is "
                 "unclear, the table interprets it by majority; failing a majority, the reading "
                 "that alters base Lopti least prevails."),
    "vote": ("The Rule Vote",
             "Each round provides one Rule Vote, convened as dealing begins. It may repeal or "
             "amend a motion, or alter base Lopti for this session only, insofar as the rule is a "
             "table setting (the turn cap, play for places, the swap, or whether a 10 may follow "
             "a 7, for instance). Each member of the "
             "session has the right to vote, those already out included, and may abstain; an "
             "abstention is no yes. The measure carries only with yes votes from over half of all "
             "session members. The proposal must state in advance "
             "whether it applies at once or from the next round. A defeated vote still exhausts "
             "the round's attempt; the winner's new motion never does."),
    "roshambo": ("Deadlock and Roshambo",
                 "An equal count of yes and no, with at least one of each, is a deadlock, resolved by Roshambo, and the "
                 "round's attempt is spent regardless. The proposer meets the motion's author, who "
                 "is bound to defend it when present and having voted to retain it (with the author "
                 "absent, an advocate chosen by its supporters; with no defender, the proposal "
                 "carries). Where base law is at stake, the proposer meets whichever comrade first "
                 "lodged formal opposition. Rock-paper-scissors continues until 30 decisive throws "
                 "(a throw with a winner) have been made; drawn throws are repeated and go unrecorded. The majority of throws "
                 "prevails, and at 15 each the next decisive throw decides. A side unable to "
                 "choose a delegate holds a knockout bracket of single decisive throws. The "
                 "Vote and Roshambo are beyond the reach of any motion or vote."),
    "new_session": ("A new session",
                    "Each session opens with no motions on the books. Former motions return only "
                    "by majority approval at setup, which leaves round one's Rule Vote unspent."),
    "quiz": ("Quiz: questions before the committee",
             "Questions frequently raised by the membership, each answered by the rules of Lopti."),
    "sandbox": ("Sandbox: assemble any pile",
                "Place plays one after another to assemble any pile, then consult the rules on "
                "any proposed play."),
}

TEXTS = {"plain": PLAIN, "pirate": PIRATE, "comrade": COMRADE}
VOICES = tuple(TEXTS)

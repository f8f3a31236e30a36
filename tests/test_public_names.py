"""Every public name of the last release still imports from where it was.

The lists are literal (written from the release, not computed now), so a name that moves or
disappears fails here; a renamed name keeps working with a DeprecationWarning.
"""
import importlib
import warnings

import pytest

RELEASED = {
    'lopti_nb': [
        'IllegalAction', 'LoptiNbError', 'RecordError', 'SettingsError', 'UnknownBot',
        'UnknownGame', 'engine', 'explain', 'game_names', 'load', 'new_game', 'play',
        'refuse_unknown_arguments', 'replay', 'rules', 'simulate', 'tutorial',
    ],
    'lopti_nb.engine': [
        'Bot', 'Event', 'GamePlugin', 'GameSpec', 'GameState', 'IllegalAction', 'LoptiNbError',
        'RecordError', 'Result', 'SEAT_WORD', 'Setting', 'SettingsError', 'SettingsSchema',
        'UnknownBot', 'UnknownGame', 'UnknownSeat', 'action_text', 'all_specs', 'canonical_game',
        'check_seed', 'core', 'event_maker', 'game_names', 'game_seeds', 'get_spec', 'limits',
        'load', 'new_game', 'parse_action', 'places_from_keys', 'play_out', 'plural',
        'random_bot', 'records', 'register_bot', 'register_game', 'registry', 'runner',
        'seat_from_word', 'seat_word', 'settings', 'shuffle', 'simulate',
    ],
    'lopti_nb.analysis': [
        'Any', 'CHART_NAMES', 'CORE_NAMES', 'DISPLAY_NAMES', 'FINDING_NAMES', 'Finding',
        'GAME_COLUMNS', 'Iterator', 'OKABE_ITO', 'ROUND_COLUMNS', 'SEAT_COLUMNS', 'UNCLEAR',
        'annotations', 'best_expectation_frame', 'best_findings', 'best_margin_chart',
        'best_margin_frame', 'best_policy_chart', 'best_policy_frame', 'best_response_frame',
        'best_target_chart', 'best_target_frame', 'bidder_findings', 'bidder_gain_frame',
        'box_chart', 'catch_curve_chart', 'catch_overlay_frame', 'catch_probability_frame',
        'categories', 'category_scale', 'charts', 'dask_available', 'deck_findings', 'display',
        'distribution_summary', 'dive_expectation_frame', 'duty_chart', 'duty_frame',
        'enable_offline', 'expectation_chart', 'findings', 'findings_frame', 'findings_markdown',
        'frames', 'game_frame', 'game_seeds', 'game_tables', 'heatmap_chart', 'histogram_chart',
        'histogram_frame', 'hit_rate_frame', 'importlib', 'in_kernel', 'lever_chart',
        'lever_frame', 'mean_chart', 'motion_effect_chart', 'motion_length_frame',
        'office_balance_chart', 'office_balance_frame', 'office_findings', 'office_verdicts',
        'overlay_chart', 'play_games', 'rate_chart', 'rate_frame', 'risk_findings',
        'round_findings', 'round_frame', 'scoring_findings', 'seat_advantage_chart',
        'seat_advantage_frame', 'seat_frame', 'setting_effect_frame', 'show', 'show_findings',
        'simulated_catch_frame', 'skill_frame', 'static_charts', 'strategy_findings', 'studies',
        'study_names', 'svg', 'svg_text', 'sweep', 'wilson_interval', 'zero_bid_frame',
    ],
    'lopti_nb.rooms': [
        'ALPHABET', 'BITS', 'BadAction', 'BadBot', 'BadCode', 'BadGame', 'BadName', 'BadRequest',
        'BadSettings', 'BadToken', 'CorruptLog', 'DuplicateName', 'IllegalPlay', 'LENGTH',
        'LOBBY', 'NotHost', 'NotYourTurn', 'OVER', 'PLAYING', 'RedisStore', 'Room', 'RoomError',
        'RoomExpired', 'RoomFull', 'RoomSession', 'RoomStore', 'SPACE', 'SQLiteStore',
        'StaleAction', 'StoreError', 'UnknownRoom', 'WrongPhase', 'bot_rng', 'clean_name',
        'codec', 'codes', 'create_room', 'decode', 'default_url', 'dumps', 'encode', 'errors',
        'expected_guesses', 'join_room', 'names', 'new_code', 'normalize', 'open_store', 'pretty',
        'rejoin_room', 'replay', 'room', 'room_spec', 'room_widget', 'store',
    ],
    'lopti_nb.widgets': [
        'LoptiNbError', 'MAX_BOT_DELAY', 'NoTable', 'SEED_LIMIT', 'Sequence', 'SettingsError',
        'TABLE_ARGUMENTS', 'TYPE_CHECKING', 'annotations', 'check_seed', 'get_spec', 'numbers',
        'play', 'shown', 'view_class',
    ],
    'lopti_nb.explainers': [
        'Any', 'Choice', 'GameSpec', 'Iterator', 'Mapping', 'NoLessons', 'Scene', 'Section',
        'SettingsError', 'Step', 'TITLES', 'UnknownStep', 'UnknownVoice', 'Verdict', 'all_specs',
        'annotations', 'check_voice', 'core', 'explain', 'get_spec', 'numbers',
        'refuse_unknown_arguments', 'rules', 'rules_markdown', 'shown', 'steps', 'voices',
    ],
    'lopti_nb.dashboard_parts': [
        'Any', 'annotations', 'enable_offline_charts', 'game_launcher', 'game_part',
        'risk_explorer', 'rules_classroom', 'score_lab',
    ],
    'lopti_nb.games.lopti': [
        'BOTS', 'CardError', 'ConstitutionError', 'Discard', 'Draw', 'EMPTY', 'Give',
        'HookRunner', 'Judgement', 'KeepCards', 'LAW_LEVERS', 'LIBRARY', 'LoptiState', 'Motion',
        'MotionError', 'PendingVote', 'Pile', 'Play', 'PlayBlind', 'Proposal', 'RANKS', 'Reveal',
        'RoshamboContest', 'RoshamboResult', 'SPEC', 'SPECIALS', 'Say', 'Session', 'SessionError',
        'Swap', 'TakePile', 'View', 'VoteRecord', 'after_play', 'bot_ballot', 'bots', 'bracket',
        'card_label', 'card_name', 'cards', 'check_play', 'events', 'heuristic_bot', 'hook_calls',
        'judge', 'library', 'library_motion', 'motions', 'parse_card', 'parse_play', 'parse_rank',
        'plugin', 'reason_text', 'roshambo', 'rules', 'session', 'session_game', 'state',
        'studies',
    ],
    'lopti_nb.games.ledger': [
        'BOTS', 'Card', 'DEFAULT_DECK', 'DEFAULT_SETTINGS', 'DIVE', 'Dive', 'FLIP', 'FlipAgain',
        'LedgerState', 'MIX', 'OFFICES', 'OFFICE_NAMES', 'Open', 'RECKONINGS', 'SPEC', 'SUITS',
        'SURFACE', 'Sell', 'Surface', 'actions', 'balance', 'best', 'bots', 'cards', 'events',
        'hazard', 'machine', 'office_balance', 'office_table', 'offices', 'plugin', 'risk',
        'state', 'studies',
    ],
    'lopti_nb.games.skullking': [
        'Bid', 'BidMade', 'BidsRevealed', 'Card', 'CardError', 'CardPlayed', 'GameOver', 'Play',
        'RoundDealt', 'RoundScored', 'SPEC', 'SkullKingState', 'TrickDestroyed', 'TrickWon',
        'bids', 'bots', 'cards', 'coach', 'game_length', 'heuristic_bot', 'legal_cards',
        'next_leader', 'parse_card', 'plugin', 'rules', 'score_round', 'seat_columns', 'state',
        'studies', 'testing', 'trick_bonus', 'trick_winner',
    ],
}


@pytest.mark.parametrize("module", sorted(RELEASED))
def test_every_released_name_still_imports(module):
    mod = importlib.import_module(module)
    missing = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for name in RELEASED[module]:
            try:
                getattr(mod, name)
            except AttributeError:
                missing.append(name)
    assert missing == []



@pytest.mark.parametrize("module, name", [
    ("lopti_nb", "GAME_NAMES"), ("lopti_nb", "refuse_unknown_arguments"),
    ("lopti_nb.engine", "GAME_NAMES"), ("lopti_nb.engine", "GamePlugin"),
    ("lopti_nb.engine.settings", "whole_number"), ("lopti_nb.games.ledger.risk", "whole_in_range"),
    ("lopti_nb.games.lopti.view_session", "SessionRoomView"),
    ("lopti_nb.games.lopti", "PendingVote"), ("lopti_nb.games.lopti", "VoteRecord"),
    ("lopti_nb.games.lopti.session", "PendingVote"), ("lopti_nb.games.lopti.session_game", "SetupVote"),
])
def test_a_renamed_name_warns_and_still_works(module, name):
    mod = importlib.import_module(module)
    with pytest.warns(DeprecationWarning):
        assert getattr(mod, name) is not None
    assert name not in dir(mod)


def test_new_game_takes_the_game_first_and_its_old_keyword_with_a_warning():
    import lopti_nb

    game = lopti_nb.game_names()[0]
    with pytest.warns(DeprecationWarning, match="new_game"):
        old = lopti_nb.new_game(name=game, seed=4)
    assert old.observation(0) == lopti_nb.new_game(game=game, seed=4).observation(0)


def test_every_front_door_error_is_named_by_the_package():
    import lopti_nb
    from lopti_nb.engine import errors

    for name in errors.__all__:
        assert getattr(lopti_nb, name) is getattr(errors, name)

"""Write lopti_nb/rooms/latin_confusables.json from Unicode's confusables.txt (UTS #39).

Usage: python scripts/latin_confusables.py path/to/confusables.txt

Keeps every entry whose prototype is made of Latin letters and digits only (a look-alike of a
Latin letter, a digit, or a short run of them), which is what a display name is compared by
(``lopti_nb.rooms.names.name_key``). The file named in the output says which version of the
Unicode data it came from. confusables.txt is published by the Unicode Consortium under its
terms of use; it is read here, not shipped.
"""
import json
import pathlib
import sys

OUT = pathlib.Path(__file__).resolve().parent.parent / "lopti_nb" / "rooms" / "latin_confusables.json"


def main(source: str) -> None:
    text = pathlib.Path(source).read_text(encoding="utf-8-sig")
    version = next((line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("# Version:")), "?")
    mapping = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        src, target, _ = (part.strip() for part in line.split(";", 2))
        codes = src.split()
        if len(codes) != 1:
            continue
        proto = "".join(chr(int(c, 16)) for c in target.split())
        if proto and all(ch.isascii() and ch.isalnum() for ch in proto):
            mapping[chr(int(codes[0], 16))] = proto
    OUT.write_text(json.dumps({"source": f"Unicode confusables.txt, version {version}",
                               "map": dict(sorted(mapping.items()))}, ensure_ascii=True, indent=0) + "\n")
    print(f"{len(mapping)} look-alikes of Latin letters and digits written to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])

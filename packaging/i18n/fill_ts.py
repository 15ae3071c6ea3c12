#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fills unfinished messages of translations/galvatron_{de,zh_CN}.ts from the dictionaries dict_*.py
beside this script (source text -> (German, Simplified Chinese)), then lets lconvert rewrite the files
in Qt Linguist's own layout. Typical use after GUI strings change:

    /usr/lib/qt6/bin/lupdate app -no-obsolete -ts translations/galvatron_zh_CN.ts translations/galvatron_de.ts
    packaging/i18n/fill_ts.py translations/galvatron_zh_CN.ts translations/galvatron_de.ts

Prints every message it has no translation for; those stay unfinished (tests/packaging fails on them).
"""
import importlib.util
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
LCONVERT = "/usr/lib/qt6/bin/lconvert"


def load_dicts():
    table, fixes = {}, {}
    for path in sorted(HERE.glob("dict_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        table.update(getattr(mod, "T", {}))
        fixes.update(getattr(mod, "FIX", {}))
    return table, fixes


def fill(ts_path, table, fixes):
    tree = ET.parse(ts_path)
    root = tree.getroot()
    lang = root.get("language")
    col = {"de": 0, "zh_CN": 1}[lang]
    missing, filled = [], 0
    for ctx in root.iter("context"):
        cname = ctx.findtext("name")
        for msg in ctx.iter("message"):
            src = msg.findtext("source")
            tr = msg.find("translation")
            if tr.get("type") in ("vanished", "obsolete"):
                continue
            fix = fixes.get(src)
            if fix is not None and fix[col] is not None:
                tr.text = fix[col]
                tr.attrib.pop("type", None)
                continue
            if tr.get("type") != "unfinished" and (tr.text or list(tr)):
                continue
            entry = table.get(src)
            if entry is None:
                missing.append(f"{cname}: {src!r}")
                continue
            value = entry[col]
            if msg.get("numerus") == "yes":
                forms = value if isinstance(value, list) else [value]
                for child in list(tr):
                    tr.remove(child)
                tr.text = None
                count = 2 if lang == "de" else 1
                for i in range(count):
                    nf = ET.SubElement(tr, "numerusform")
                    nf.text = forms[min(i, len(forms) - 1)]
            else:
                tr.text = value
            tr.attrib.pop("type", None)
            filled += 1
    tree.write(ts_path, encoding="utf-8", xml_declaration=True)
    subprocess.run([LCONVERT, "-i", ts_path, "-o", ts_path], check=True)
    print(f"{ts_path}: filled {filled}, missing {len(missing)}")
    for m in missing:
        print("  missing:", m)
    return not missing


def main():
    table, fixes = load_dicts()
    ok = all([fill(p, table, fixes) for p in sys.argv[1:]])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Merge translation additions into public/locales/{en,es}/common.json.
Usage: merge.py additions.json  — the file holds {"en": {...}, "es": {...}} nested objects."""
import json, sys

def deep_merge(base, add):
    for k, v in add.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            deep_merge(base[k], v)
        else:
            base[k] = v

add = json.load(open(sys.argv[1]))
for lng in ("en", "es"):
    path = f"public/locales/{lng}/common.json"
    data = json.load(open(path))
    deep_merge(data, add[lng])
    with open(path, "w") as f:
        json.dump(data, f, ensure_ascii=False, indent=2)
        f.write("\n")

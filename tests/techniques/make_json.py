#!/usr/bin/env python3
"""Turns hodoku-examples.txt into one JSON file per technique: each example is a Nonet JSON
position (givens, values, pencil marks) with the step's expected eliminations and placements.
Run from this folder: python3 make_json.py"""
import json
from collections import defaultdict

def peers(cell):
    r, c = divmod(cell, 9)
    b = (r // 3) * 3 + c // 3
    return [o for o in range(81) if o != cell and (o // 9 == r or o % 9 == c or ((o // 9) // 3) * 3 + (o % 9) // 3 == b)]

def name(cell):
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"

def triples(field):
    """HoDoKu's 'drc' candidates: digit, row, column."""
    return [(int(t[0]), (int(t[1]) - 1) * 9 + int(t[2]) - 1) for t in field.split() if len(t) == 3 and t.isdigit()]

def parse(line):
    technique, file, library = line.split(None, 2)
    fields = library.strip().split(":")
    cells_text, deleted, eliminations = fields[3], fields[4], fields[5]
    placements = fields[6] if len(fields) > 6 else ""
    givens, values, i = [], [], 0
    while i < len(cells_text):
        placed = cells_text[i] == "+"
        if placed:
            i += 1
        ch = cells_text[i]
        digit = 0 if ch in ".0" else int(ch)
        values.append(digit)
        givens.append(0 if placed else digit)
        i += 1
    assert len(values) == 81, (file, len(values))
    candidates = []
    for cell in range(81):
        if values[cell]:
            candidates.append(set())
        else:
            candidates.append(set(range(1, 10)) - {values[p] for p in peers(cell)})
    for digit, cell in triples(deleted):
        candidates[cell].discard(digit)
    return technique, {
        "source": f"HoDoKu {file}",
        "position": {
            "givens": "".join(str(d) if d else "." for d in givens),
            "values": "".join(str(d) if d else "." for d in values),
            "candidates": ["".join(map(str, sorted(c))) for c in candidates],
        },
        "placements": [f"{name(c)}={d}" for d, c in triples(placements)],
        "eliminations": [f"{name(c)}<>{d}" for d, c in triples(eliminations)],
    }

examples = defaultdict(list)
for line in open("hodoku-examples.txt"):
    if line.strip() and not line.startswith("#"):
        technique, example = parse(line)
        examples[technique].append(example)
for technique, items in sorted(examples.items()):
    with open(f"{technique}.json", "w") as out:
        json.dump(items, out, indent=1)
        out.write("\n")
print({t: len(v) for t, v in sorted(examples.items())})

#!/usr/bin/env python3
"""An implementation of the C2SP transparency-log formats independent of
Arbiter's (Python's hashlib and the `cryptography` package only), used by
tests/oracle.rs to check what arbiter-tlog writes.

Usage: oracle.py CASE.json
CASE holds any of: "vectors" (the directory of tests/vectors, checked
against the published Go and CT values), "log_key" and "witness_keys"
(verifier keys), "checkpoint" (a signed note), "proof" (a tlog-proof) with
"leaf" (the entry's data, base64), "old_checkpoint" with "consistency"
(base64 hashes). Prints one JSON object: each check's name and "ok" or why
it failed. Exits 1 if any failed.
"""

import base64
import hashlib
import json
import os
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


class Failed(Exception):
    pass


def b64(text):
    return base64.b64decode(text, validate=True)


def leaf_hash(data):
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left, right):
    return hashlib.sha256(b"\x01" + left + right).digest()


def verifier_key(text):
    name, key_id, encoded = text.split("+", 2)
    raw = b64(encoded)
    kind, public = raw[0], raw[1:]
    if kind not in (1, 4) or len(public) != 32:
        raise Failed("unsupported key " + text)
    digest = hashlib.sha256(name.encode() + b"\n" + bytes([kind]) + public).digest()
    if digest[:4].hex() != key_id:
        raise Failed("key id does not match " + text)
    return {"name": name, "id": digest[:4], "kind": kind,
            "key": Ed25519PublicKey.from_public_bytes(public)}


def open_note(note, keys):
    """The text and the names of the keys whose signatures verify; a known
    key's signature that fails condemns the note."""
    if not note.endswith("\n"):
        raise Failed("note does not end with a newline")
    cut = note[:-1].rfind("\n\n")
    if cut < 0:
        raise Failed("note has no signatures")
    text, lines = note[:cut + 1], note[cut + 2:-1].split("\n")
    signers = []
    for line in lines:
        if not line.startswith("\u2014 "):
            raise Failed("bad signature line " + line)
        name, encoded = line[2:].split(" ", 1)
        raw = b64(encoded)
        for key in keys:
            if key["name"] != name or key["id"] != raw[:4]:
                continue
            signature = raw[4:]
            if key["kind"] == 1:
                message = text.encode()
            else:
                time = int.from_bytes(signature[:8], "big")
                message = ("cosignature/v1\ntime %d\n" % time).encode() + text.encode()
                signature = signature[8:]
            try:
                key["key"].verify(signature, message)
            except InvalidSignature:
                raise Failed("signature of %s does not verify" % name)
            signers.append(name)
    if not signers:
        raise Failed("no known key signed")
    return text, signers


def checkpoint_body(text):
    lines = text[:-1].split("\n")
    size = lines[1]
    if not size.isdigit() or (size != "0" and size.startswith("0")):
        raise Failed("bad size")
    root = b64(lines[2])
    if len(root) != 32:
        raise Failed("bad root")
    return lines[0], int(size), root


def check_inclusion(leaf, index, size, path, root):
    if index >= size:
        raise Failed("index beyond tree")
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            raise Failed("inclusion proof too long")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while fn & 1 == 0 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0 or r != root:
        raise Failed("inclusion proof does not lead to the root")


def check_consistency(old, old_root, new, new_root, path):
    if old == 0:
        if path:
            raise Failed("proof from the empty tree")
        return
    if old == new:
        if path or old_root != new_root:
            raise Failed("same size, other root")
        return
    if old > new:
        raise Failed("tree shrinks")
    if old & (old - 1) == 0:
        path = [old_root] + path
    fn, sn = old - 1, new - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise Failed("consistency proof too long")
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while fn & 1 == 0 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0 or fr != old_root or sr != new_root:
        raise Failed("consistency proof fails")


def parse_tlog_proof(text):
    lines = text.split("\n")
    if lines[0] != "c2sp.org/tlog-proof@v1":
        raise Failed("not a tlog-proof")
    at, extra = 1, None
    if lines[at].startswith("extra "):
        extra = b64(lines[at][6:])
        at += 1
    if not lines[at].startswith("index "):
        raise Failed("no index line")
    index = int(lines[at][6:])
    at += 1
    path = []
    while lines[at] != "":
        path.append(b64(lines[at]))
        at += 1
    return extra, index, path, "\n".join(lines[at + 1:])


def vector_checks(directory):
    def load(name):
        with open(os.path.join(directory, name)) as f:
            return json.load(f)
    go = load("go-note.json")
    text, signers = open_note(go["signed_by_peter"], [verifier_key(go["peter_verifier_key"])])
    assert signers == ["PeterNeumann"] and text == go["text"]
    note = go["text"] + "\n" + go["peter_signature_line"] + go["enoch_signature_line"]
    keys = [verifier_key(go["peter_verifier_key"]), verifier_key(go["enoch_verifier_key"])]
    assert open_note(note, keys)[1] == ["PeterNeumann", "EnochRoot"]
    tlog = load("go-tlog.json")
    origin, size, root = checkpoint_body(tlog["tree_text"])
    assert (size, root) == (tlog["tree_size"], leaf_hash(tlog["tree_root_is_leaf_hash_of"].encode()))
    sth = load("argon2020/sth.json")
    root, size = b64(sth["sha256_root_hash"]), sth["tree_size"]
    entry = b64(load("argon2020/entries.json")["entries"][0]["leaf_input"])
    proof = [b64(h) for h in load("argon2020/proof.json")["audit_path"]]
    check_inclusion(leaf_hash(entry), tlog["argon2020_leaf_index"], size, proof, root)
    consistency = [b64(h) for h in load("argon2020/consistency.json")["consistency"]]
    check_consistency(tlog["argon2020_consistency_old_size"],
                      b64(tlog["argon2020_consistency_old_root"]), size, root, consistency)


def main():
    with open(sys.argv[1]) as f:
        case = json.load(f)
    results = {}

    def check(name, action):
        try:
            action()
            results[name] = "ok"
        except (Failed, AssertionError, ValueError, IndexError) as e:
            results[name] = str(e) or type(e).__name__

    if "vectors" in case:
        check("vectors", lambda: vector_checks(case["vectors"]))
    log_key = witnesses = None
    if "log_key" in case:
        log_key = verifier_key(case["log_key"])
        witnesses = [verifier_key(k) for k in case.get("witness_keys", [])]
    if "checkpoint" in case:
        def checkpoint():
            text, signers = open_note(case["checkpoint"], [log_key] + witnesses)
            if log_key["name"] not in signers:
                raise Failed("not signed by the log")
            missing = [w["name"] for w in witnesses if w["name"] not in signers]
            if missing:
                raise Failed("not cosigned by " + ", ".join(missing))
            if checkpoint_body(text)[0] != log_key["name"]:
                raise Failed("another log's checkpoint")
        check("checkpoint", checkpoint)
    if "proof" in case:
        def proof():
            extra, index, path, note = parse_tlog_proof(case["proof"])
            text, _ = open_note(note, [log_key])
            _, size, root = checkpoint_body(text)
            check_inclusion(leaf_hash(b64(case["leaf"])), index, size, path, root)
        check("proof", proof)
    if "consistency" in case:
        def consistency():
            old_text, _ = open_note(case["old_checkpoint"], [log_key])
            new_text, _ = open_note(case["checkpoint"], [log_key] + witnesses)
            _, old, old_root = checkpoint_body(old_text)
            _, new, new_root = checkpoint_body(new_text)
            check_consistency(old, old_root, new, new_root, [b64(h) for h in case["consistency"]])
        check("consistency", consistency)
    print(json.dumps(results, sort_keys=True))
    sys.exit(0 if all(v == "ok" for v in results.values()) else 1)


if __name__ == "__main__":
    main()

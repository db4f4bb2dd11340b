"""Tag payloads (the TC1 scheme, companion/tags.py, read by Penny Press's tags
module): round trip, strict rejection, never raising."""

from __future__ import annotations

from shared_data import qr_photos

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.penny_press.tags import catalog_ids, encode_payload, kind_of, parse_payload
from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC, REASONS, TagParse

PHOTOS = qr_photos()


def test_catalog_counts_follow_the_component_list():
    ids = catalog_ids()
    assert len(ids) == len(set(ids)) == 168
    kinds = [kind_of(c) for c in ids]
    # Rulebook component list: 60 stories, 45 headline cards, 6 ads, 25 reporters,
    # 5 mats, 1 board, 5 arrow and 5 bonus markers, 1 newsboy, 15 pennies.
    expected = {"S": 60, "H": 45, "A": 6, "R": 25, "M": 5, "B": 1, "W": 5, "X": 5, "N": 1, "P": 15}
    assert {k: kinds.count(k) for k in expected} == expected


def test_contract_example():
    assert encode_payload("war-A1") == "TC1:PP:S:WAR-A1"
    p = parse_payload("TC1:PP:S:WAR-A1")
    assert (p.component, p.kind, p.game, p.reason, p.ok) == ("war-A1", "S", "PP", None, True)


def test_markers_drop_the_redundant_prefix_to_fit_version_1():
    assert encode_payload("arrow-politics") == "TC1:PP:W:POLITICS"
    assert encode_payload("bonus-war") == "TC1:PP:X:WAR"
    assert parse_payload("TC1:PP:W:POLITICS").component == "arrow-politics"


@pytest.mark.parametrize("cid", catalog_ids())
def test_every_component_round_trips_within_version_1_M(cid):
    payload = encode_payload(cid)
    assert len(payload) <= MAX_PAYLOAD_LEN
    assert set(payload) <= QR_ALPHANUMERIC
    assert parse_payload(payload).component == cid
    assert parse_payload(payload.encode("ascii")).component == cid


def test_version_1_M_really_holds_the_longest_payload():
    import segno

    longest = max((encode_payload(c) for c in catalog_ids()), key=len)
    qr = segno.make_qr(longest, error="m", boost_error=False)
    assert (qr.version, qr.error, qr.mode) == (1, "M", "alphanumeric")


def test_encode_rejects_unknown_ids():
    for bad in ("war-E1", "H46", "ad7", "red6", "mat-purple", "penny16", "", "WAR-A1"):
        with pytest.raises(ValueError, match="unknown"):
            encode_payload(bad)


@pytest.mark.parametrize(
    "payload, reason",
    [
        ("https://example.org/tc1", "foreign"),
        ("You get to draw a card", "foreign"),
        ("tc1:pp:s:war-a1", "foreign"),
        ("", "foreign"),
        ("TC1:PP:S:WAR-A", "unknown id"),  # truncated by one character
        ("TC1:PP:S:", "garbled"),
        ("TC1:PP", "garbled"),
        ("TC1", "garbled"),
        ("TC1:PP:S:war-a1", "garbled"),
        ("TC1:PP:S:WAR-A1 ", "garbled"),
        ("TC1:PP:S:WAR_A1", "garbled"),
        ("TC1:PP:Q:WAR-A1", "garbled"),
        ("TC1:PP:SS:WAR-A1", "garbled"),
        ("TC1:PP:S:WAR-A1\n", "garbled"),
        ("TC1:PP:S:POLITICS-D33", "too long"),
        ("TC1:PP:S:" + "A" * 5000, "too long"),
        ("TC2:PP:S:WAR-A1", "unsupported version"),
        ("TC1:SC:S:WAR-A1", "other game"),
        ("TC1:PP:S:H01", "unknown id"),
        ("TC1:PP:H:WAR-A1", "unknown id"),
        ("TC1:PP:R:RED6", "unknown id"),
        ("TC1:PP:W:ARROW-WAR", "unknown id"),
        (b"TC1:PP:S:\xffAR-A1", "garbled"),
        (b"\x00\x01\x02", "foreign"),
        (b"\x89PNG\r\n", "foreign"),
        (None, "garbled"),
        (12345, "garbled"),
    ],
)
def test_bad_payloads_are_reported_not_raised(payload, reason):
    p = parse_payload(payload)
    assert isinstance(p, TagParse)
    assert p.component is None and not p.ok
    assert p.reason == reason


def test_raw_is_kept_but_capped():
    p = parse_payload("X" * 100_000)
    assert p.reason == "foreign" and len(p.raw) == 200


def test_real_photo_payloads_are_foreign():
    texts = sorted(PHOTOS.glob("*/*.txt"))
    assert len(texts) >= 10, f"expected the shared QR photo payloads under {PHOTOS}"
    for t in texts:
        data = t.read_bytes()
        for p in (parse_payload(data), parse_payload(data.decode("utf-8", "replace"))):
            assert p.component is None and p.reason == "foreign", (t.name, p)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.binary(max_size=40),
                 st.text(alphabet=sorted(QR_ALPHANUMERIC), max_size=30).map(lambda s: "TC1:PP:" + s)))
def test_fuzz_never_raises(payload):
    p = parse_payload(payload)
    assert isinstance(p, TagParse)
    assert (p.component is None) == (p.reason is not None)
    assert p.reason is None or p.reason in REASONS
    if p.component is not None:
        assert encode_payload(p.component) == payload or encode_payload(p.component).encode() == payload


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(catalog_ids()), st.data())
def test_fuzz_mutated_payloads_never_map_to_another_component_silently(cid, data):
    payload = encode_payload(cid)
    i = data.draw(st.integers(0, len(payload) - 1))
    ch = data.draw(st.characters(codec="latin-1"))
    mutated = payload[:i] + ch + payload[i + 1:]
    p = parse_payload(mutated)
    if p.ok:  # a single substitution may hit another valid id (war-A1 -> war-A2)
        assert encode_payload(p.component) == mutated

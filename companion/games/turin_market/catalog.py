"""The Turin Market catalog: goods, the 18 goods cards, payment cards and rule numbers.

Everything numeric lives in data files next to this module, never as literals in
the engine:

- ``data/rules.json``: the numbers the rule text gives (players 2-5, 15 starting
  shields, the deal and the picks by player count, loan 10 / repay 15, one loan per
  player, 2 shields on the loan card when the bank pays, 1-shield payments, 3-game
  series).
- ``data/goods.json`` and ``data/cards.csv``: **unverified best guess** (FACTS.md,
  Turin Market): the nine goods and their names, each card's 3/2/1 units, and the
  classic and red payment cards (top to bottom, bank amount in shields). Only the
  rule text's 6 for grapes is known. :attr:`Catalog.guess_files` names these files
  so every payout can say which data it rests on.

:func:`load_catalog` validates them; any wrong value raises
:class:`companion.errors.DataFileError` naming the file and the line.
Card ids are ``"T01".."T18"``; goods ids are lower-case words (``"grapes"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from companion.datafile import read_csv, read_json
from companion.errors import DataFileError
from companion.frozen import FrozenDict

DATA_DIR = Path(__file__).with_name("data")
RULES_FILE = "rules.json"
GOODS_FILE = "goods.json"
CARDS_FILE = "cards.csv"

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_CARD = re.compile(r"^T\d\d$")


@dataclass(frozen=True)
class GoodsCard:
    """One goods card: ``units`` maps good -> units (3, 2 and 1 of three goods)."""

    id: str
    units: Mapping[str, int]


@dataclass(frozen=True)
class Catalog:
    """All static game data (read-only).

    goods: good ids; good_names: good -> {lang: name}. cards: id -> GoodsCard (18).
    payment_cards: card name (``classic``, ``red``) -> ((good, bank shields), ...)
    top to bottom; payment_card_names: name -> {lang: name}.
    deal: players -> (hand, centre, out). picks: players -> cards per rank.
    first_round_picks: players -> cards per rank in the first round (4-5 players).
    kept_in_hand: players -> cards left in hand at the end (2-3 players: 1).
    start_shields, loan_amount, loan_repayment, loans_per_player, bank_paid_debt,
    minority_payment, series_games: shields / counts from the rule text.
    guess_files: the data files that are our unverified best guess (paths).
    """

    goods: tuple[str, ...]
    good_names: Mapping[str, Mapping[str, str]]
    cards: Mapping[str, GoodsCard]
    payment_cards: Mapping[str, tuple[tuple[str, int], ...]]
    payment_card_names: Mapping[str, Mapping[str, str]]
    players_min: int
    players_max: int
    deal: Mapping[int, tuple[int, int, int]]
    picks: Mapping[int, tuple[int, ...]]
    first_round_picks: Mapping[int, tuple[int, ...]]
    kept_in_hand: Mapping[int, int]
    start_shields: int
    loan_amount: int
    loan_repayment: int
    loans_per_player: int
    bank_paid_debt: int
    minority_payment: int
    series_games: int
    guess_files: tuple[str, ...]

    def good_name(self, good: str, lang: str = "en") -> str:
        names = self.good_names.get(good, {})
        return names.get(lang) or names.get("en") or good

    def units(self, cards) -> dict[str, int]:
        """good -> units over ``cards`` (card ids); goods with none left out."""
        out: dict[str, int] = {}
        for c in cards:
            for g, u in self.cards[c].units.items():
                out[g] = out.get(g, 0) + u
        return out

    def rounds(self, n_players: int) -> int:
        """Auction rounds in a game of ``n_players``: one per card auctioned from the
        hand, plus the centre-only first round with 4-5 players."""
        hand, centre, _ = self.deal[n_players]
        return hand - self.kept_in_hand[n_players] + (1 if centre else 0)


def _read_json(path: Path) -> dict:
    """``path`` as a JSON object (companion.datafile: DataFileError naming the file and line)."""
    return read_json(path)


def _line_of(path: Path, key: str) -> int | None:
    try:
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if f'"{key}"' in line:
                return no
    except OSError:
        pass
    return None


def _nonneg(path: Path, key: str, v, lo: int = 0) -> int:
    if type(v) is not int or v < lo:
        raise DataFileError(str(path), _line_of(path, key), f"{key} must be an integer >= {lo}, got {v!r}")
    return v


def _by_players(path: Path, data: dict, key: str, lo: int, hi: int) -> dict[int, object]:
    v = data.get(key)
    if not isinstance(v, dict):
        raise DataFileError(str(path), _line_of(path, key), f"{key} must be an object keyed by player count")
    out = {}
    for k, x in v.items():
        if not k.isdigit() or not lo <= int(k) <= hi:
            raise DataFileError(str(path), _line_of(path, key), f"{key}: {k!r} is not a player count {lo}..{hi}")
        out[int(k)] = x
    return out


def _shown(d: Path, path: Path) -> str:
    """A data file's name as shown to players: relative for the package's own."""
    return f"companion/games/turin_market/data/{path.name}" if d == DATA_DIR else str(path)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Read and validate the data directory ``path`` (default: the package's own,
    cached). Raises DataFileError naming the file and line of any wrong value: a
    missing key, a card without exactly 3/2/1 units of three different known goods,
    a payment card that does not list every good once, a deal that does not use the
    18 cards, picks that do not match the cards auctioned per round."""
    if path is None:
        return _default_catalog()
    return _load(Path(path))


@lru_cache(maxsize=1)
def _default_catalog() -> Catalog:
    return _load(DATA_DIR)


def _load(d: Path) -> Catalog:
    rp, gp, cp = d / RULES_FILE, d / GOODS_FILE, d / CARDS_FILE
    rules = _read_json(rp)
    need = ("players_min", "players_max", "cards_total", "units_per_card", "start_shields", "deal", "picks",
            "first_round_picks", "kept_in_hand", "loan_amount", "loan_repayment", "loans_per_player",
            "bank_paid_debt", "minority_payment", "series_games")
    for k in need:
        if k not in rules:
            raise DataFileError(str(rp), None, f"missing key {k!r}")
    pmin = _nonneg(rp, "players_min", rules["players_min"], 2)
    pmax = _nonneg(rp, "players_max", rules["players_max"], pmin)
    total = _nonneg(rp, "cards_total", rules["cards_total"], 1)
    upc = rules["units_per_card"]
    if not (isinstance(upc, list) and upc and all(type(u) is int and u > 0 for u in upc)):
        raise DataFileError(str(rp), _line_of(rp, "units_per_card"), "units_per_card must be a list of positive integers")

    # goods and payment cards (unverified)
    goods_data = _read_json(gp)
    gnames = goods_data.get("goods")
    if not isinstance(gnames, dict) or not gnames:
        raise DataFileError(str(gp), _line_of(gp, "goods"), "goods must be an object good -> names")
    for g, names in gnames.items():
        if not _ID.match(g) or not isinstance(names, dict) or not isinstance(names.get("en"), str):
            raise DataFileError(str(gp), _line_of(gp, g), f"good {g!r} needs a lower-case id and an 'en' name")
    goods = tuple(gnames)
    pcs = goods_data.get("payment_cards")
    if not isinstance(pcs, dict) or not pcs:
        raise DataFileError(str(gp), _line_of(gp, "payment_cards"), "payment_cards must be an object")
    payment_cards = {}
    for name, rows in pcs.items():
        ln = _line_of(gp, name)
        if not isinstance(rows, list):
            raise DataFileError(str(gp), ln, f"payment card {name!r} must be a list of [good, shields]")
        out = []
        for row in rows:
            if (not isinstance(row, list) or len(row) != 2 or row[0] not in gnames or type(row[1]) is not int
                    or row[1] < 0):
                raise DataFileError(str(gp), ln, f"payment card {name!r}: bad entry {row!r} (want [good, shields >= 0])")
            out.append((row[0], row[1]))
        if sorted(g for g, _ in out) != sorted(goods):
            raise DataFileError(str(gp), ln, f"payment card {name!r} must list every good exactly once")
        payment_cards[name] = tuple(out)
    pc_names = goods_data.get("payment_card_names", {})
    pc_names = {k: FrozenDict(pc_names.get(k) or {"en": k}) for k in payment_cards}

    # cards (unverified)
    names, rows = read_csv(cp)
    if names[:1] != ["id"]:
        raise DataFileError(str(cp), 1, "the first line must be the header id,three,two,one")
    cards = {}
    for r in rows:
        no, row = r.line, [r.values[k] for k in names]
        cid, gl = row[0], row[1:]
        if not _CARD.match(cid) or cid in cards:
            raise DataFileError(str(cp), no, f"card id {cid!r} must be T01..T99 and unique")
        if len(gl) != len(upc) or len(set(gl)) != len(gl) or any(g not in gnames for g in gl):
            raise DataFileError(str(cp), no, f"card {cid} must name {len(upc)} different known goods, got {gl}")
        cards[cid] = GoodsCard(cid, FrozenDict(zip(gl, upc)))
    if len(cards) != total:
        raise DataFileError(str(cp), None, f"{total} cards expected, found {len(cards)}")

    deal_raw = _by_players(rp, rules, "deal", pmin, pmax)
    picks_raw = _by_players(rp, rules, "picks", pmin, pmax)
    first_raw = _by_players(rp, rules, "first_round_picks", pmin, pmax)
    kept_raw = _by_players(rp, rules, "kept_in_hand", pmin, pmax)
    deal, picks, first, kept = {}, {}, {}, {}
    for n in range(pmin, pmax + 1):
        dd = deal_raw.get(n)
        if not isinstance(dd, dict) or any(type(dd.get(k)) is not int or dd[k] < 0 for k in ("hand", "centre", "out")):
            raise DataFileError(str(rp), _line_of(rp, "deal"), f"deal for {n} players needs hand, centre, out")
        if n * dd["hand"] + dd["centre"] + dd["out"] != total:
            raise DataFileError(str(rp), _line_of(rp, "deal"), f"deal for {n} players does not use the {total} cards")
        deal[n] = (dd["hand"], dd["centre"], dd["out"])
        pk = picks_raw.get(n)
        if not (isinstance(pk, list) and pk and len(pk) <= n and all(type(x) is int and x > 0 for x in pk)):
            raise DataFileError(str(rp), _line_of(rp, "picks"), f"picks for {n} players must be 1..{n} positive counts")
        if sum(pk) != n:
            raise DataFileError(str(rp), _line_of(rp, "picks"), f"picks for {n} players must take the {n} cards auctioned")
        picks[n] = tuple(pk)
        if dd["centre"]:
            fp = first_raw.get(n)
            if not (isinstance(fp, list) and all(type(x) is int and x > 0 for x in fp) and sum(fp) == dd["centre"]):
                raise DataFileError(str(rp), _line_of(rp, "first_round_picks"),
                                    f"first-round picks for {n} players must take the {dd['centre']} centre cards")
            first[n] = tuple(fp)
        k = kept_raw.get(n, 0)
        if type(k) is not int or not 0 <= k < max(1, dd["hand"]):
            raise DataFileError(str(rp), _line_of(rp, "kept_in_hand"), f"kept_in_hand for {n} players must be 0..hand-1")
        kept[n] = k
    return Catalog(
        goods=goods, good_names=FrozenDict({g: FrozenDict(v) for g, v in gnames.items()}),
        cards=FrozenDict(cards), payment_cards=FrozenDict(payment_cards),
        payment_card_names=FrozenDict(pc_names), players_min=pmin, players_max=pmax,
        deal=FrozenDict(deal), picks=FrozenDict(picks), first_round_picks=FrozenDict(first),
        kept_in_hand=FrozenDict(kept),
        start_shields=_nonneg(rp, "start_shields", rules["start_shields"]),
        loan_amount=_nonneg(rp, "loan_amount", rules["loan_amount"]),
        loan_repayment=_nonneg(rp, "loan_repayment", rules["loan_repayment"]),
        loans_per_player=_nonneg(rp, "loans_per_player", rules["loans_per_player"]),
        bank_paid_debt=_nonneg(rp, "bank_paid_debt", rules["bank_paid_debt"]),
        minority_payment=_nonneg(rp, "minority_payment", rules["minority_payment"]),
        series_games=_nonneg(rp, "series_games", rules["series_games"], 1),
        guess_files=tuple(_shown(d, x) for x in (gp, cp)),
    )

"""The turn flow of Volcanique on the shared engine: refusals agree with the legal
actions, the board's incremental biomes agree with a fresh count, hidden Caldera cards,
and how a reaction by another seat fits into a turn."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from lapilli.core import Action, IllegalAction, sample_chance
from lapilli.core.flow import Step, Steps, then
from lapilli.games.volcanique import Volcanique, critters, sacrifice, tectonics
from lapilli.games.volcanique.board import Board
from lapilli.games.volcanique.census import Census
from lapilli.games.volcanique.claiming import CLAIM
from lapilli.games.volcanique.endgame import game_over
from lapilli.games.volcanique.game import FREE, ORDER, STEPS
from lapilli.games.volcanique.pieces import cards
from lapilli.games.volcanique.scoring import controlled_biomes, controlled_by

from .helpers import D, M, at, blank, crit, give, hold, put_uno, step


def random_positions(players: int, seed: int, every: int = 9):
    """Positions along a random game (a clone every few steps), the end included."""
    rng = random.Random(seed)
    s = Volcanique().new_state(players)
    i = 0
    while not s.is_terminal():
        if i % every == 0:
            yield s.clone()
        s.apply(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
        i += 1
    yield s


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_each_step_refuses_exactly_what_it_does_not_list(players, seed):
    positions = list(random_positions(players, seed))
    pool = {a for s in positions if s.current_player() >= 0 for a in s.legal_actions()}
    checked = 0
    for s in positions:
        if s.current_player() < 0:
            continue
        frame = s.pending()
        legal = set(s.legal_actions())
        for action in pool:
            reason = frame.step.refuse(s, frame, action)
            if action in legal:
                assert reason is None, f"{frame.step.name} refuses its own {action}"
            elif action.kind in {a.kind for a in legal if a.kind != "done"}:
                # an unlisted action of the step's own kind names the rule it breaks
                assert reason, f"{frame.step.name}: no rule named for {action}"
                checked += 1
    assert checked > 50


def test_a_refusal_names_the_rule_and_changes_nothing():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    give(s, 0, dark=2)
    at(s, "buy")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="must buy a tile"):
        s.apply(Action("done"))
    with pytest.raises(IllegalAction, match="Pink \\(P1\\) must act now. Buy and stack a tile"):
        s.apply(Action("claim", at=(0, 0), biome="dark"))
    assert s.to_json() == before


@pytest.mark.parametrize("players,seed", [(2, 4), (5, 5)])
def test_incremental_biomes_and_fits_match_a_board_built_afresh(players, seed):
    for s in random_positions(players, seed, every=5):
        fresh = Board(s.stacks)
        board = s.board
        assert board.stackable == fresh.stackable
        assert board.regions_on == fresh.regions_on
        assert board.face_on == fresh.face_on
        assert board.fits_on == fresh.fits_on
        assert board.biome_of.keys() == fresh.biome_of.keys()
        for region, biome in board.biome_of.items():
            other = fresh.biome_of[region]
            assert (biome.colour, biome.members, biome.links) == (
                other.colour,
                other.members,
                other.links,
            )


@pytest.mark.parametrize("players,seed", [(2, 6), (3, 7), (5, 8)])
def test_the_census_kept_through_a_game_agrees_with_a_fresh_count(players, seed):
    """The census the rules keep up to date as critters come and go (which spots of
    each tile hold critters or burrowed ones, each seat's critters on land, each
    biome's holders) reads the same as one counted afresh after every step of one
    position (no clone: clones count their own); and the biomes one seat controls
    agree with the full count."""
    rng = random.Random(seed)
    s = Volcanique().new_state(players)
    kept = s.census()
    checked = 0
    while not s.is_terminal():
        s.apply(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
        fresh = Census(s.players, s.critters, s.burrowed)
        census = s.census()
        checked += census is kept  # the same census, kept up to date (not counted again)
        assert (census.on_hex, census.under_hex) == (fresh.on_hex, fresh.under_hex)
        assert census.placed == fresh.placed
        assert census.biomes(s.board) == fresh.biomes(s.board)
        kept = census
        everyone = controlled_biomes(s)
        for seat in range(players):
            mine = controlled_by(s, seat)
            assert len(mine) == len(everyone[seat]) and set(mine) == set(everyone[seat])
    assert checked > 100


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12)])
def test_what_is_kept_with_the_shape_of_the_land_agrees_with_a_fresh_search(players, seed):
    """Rift and Converging moves, sea spaces and a summoned island's spaces are kept
    while no hex becomes land or ocean (``board.Memo``), across stacked tiles: they
    read the same as found afresh after every step of a random game."""
    rng = random.Random(seed)
    s = Volcanique().new_state(players)
    kept = 0
    while not s.is_terminal():
        s.apply(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
        if s.stage != "main":
            continue
        memo = s.board.memo
        kept += bool(memo.moves or memo.hexes)
        fresh = s.clone()
        fresh.board = Board(s.stacks)  # the same map, nothing kept
        for found in (
            tectonics.rift_options,
            tectonics.converge_options,
            critters.sea_spaces,
            lambda x: sacrifice.island_hexes(x, (), 3),
        ):
            assert found(s) == found(fresh)
    assert kept > 100  # (some found before the step: kept through it)


def test_caldera_hands_are_hidden_until_the_end_and_redealt_for_others():
    s = blank(3)  # the deck: carnage, magma_siphon, rift, sleight_of_land
    for seat, card in ((1, "carnage"), (2, "magma_siphon")):
        s.caldera_deck.take(card)
        hold(s, seat, card)
    assert s.observation(0)["caldera_counts"] == [0, 1, 1]
    for view in (s.observation(0), s.observation(None)):
        assert "carnage" not in str(view) and "magma_siphon" not in str(view)
    dealt = set()
    for seed in range(30):
        guess = s.determinize(0, random.Random(seed))
        assert guess.observation(0) == s.observation(0)
        assert len(guess.caldera_hands[1]) == len(guess.caldera_hands[2]) == 1
        dealt.add(tuple(cards(guess.caldera_hands[1])))
    # seat 0 cannot tell the hands from the deck: any unseen card may be in them
    assert dealt == {("carnage",), ("magma_siphon",), ("rift",), ("sleight_of_land",)}
    assert cards(s.caldera_hands[1]) == ["carnage"]  # the position itself is untouched
    game_over(s)
    assert s.observation(0)["caldera_hands"] == [[], ["carnage"], ["magma_siphon"]]
    assert cards(s.determinize(0, random.Random(0)).caldera_hands[1]) == ["carnage"]


def test_a_reaction_of_another_seat_is_a_frame_pushed_on_top_of_the_turn(monkeypatch):
    """The pattern of the reactions to come (Lava Diversion, Magma Bomb...): where the
    rule fires, push the reacting seat's decision; the turn goes on below it."""
    answered = []

    def react(state, frame, action):
        answered.append((frame.seat, action.kind))
        return [{"type": "reacted", "seat": frame.seat}]

    reaction = Step(
        "react",
        "A reaction: use it now or let it pass",
        legal=lambda state, frame: [Action("use"), Action("pass")],
        apply=react,
    )
    table = Steps(*ORDER, reaction, free=FREE)
    monkeypatch.setattr(Volcanique, "parts", replace(Volcanique.parts, steps=table))
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (3, 0), D)
    crit(s, (0, 0), D, 1)
    at(s, "claim")
    then(s, reaction(1))  # blue may react during pink's claim
    assert s.current_player() == 1 and step(s) == "react"
    events = s.apply(Action("pass"))
    assert answered == [(1, "pass")] and events == [{"type": "reacted", "seat": 1}]
    assert s.pending() == CLAIM(0) and s.current_player() == 0


def test_every_step_is_in_the_table_once():
    assert len(STEPS.by_name) == len(ORDER) + len(FREE)
    assert all(step.prompt for step in ORDER if not step.is_auto)


def test_the_numeric_view_names_every_step_of_the_table():
    from lapilli.games.volcanique.numeric import STEP_NAMES

    assert (*STEPS.by_name, "over") == STEP_NAMES  # the layout's order: the table's

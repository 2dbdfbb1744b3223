"""Checks every board drawing passes: valid self-contained SVG, well-formed targets, every
legal action with a place on the board clickable, and positions from random play."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

import lapilli
from lapilli.core import sample_chance
from lapilli.core.state import CHANCE, State

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The drawing as XML, checked to be one self-contained SVG."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    for node in root.iter():
        tag = node.tag.removeprefix(SVG)
        assert tag not in ("script", "image", "foreignObject", "use", "a"), tag
        for name, value in node.attrib.items():
            assert not name.startswith("on"), f"event handler {name}"
            assert "href" not in name, f"link {name}={value}"
            assert "url(http" not in value and "javascript:" not in value
    assert "@import" not in svg and "url(" not in svg
    return root


def targets(root: ET.Element, n_legal: int) -> dict[int, list[ET.Element]]:
    """Legal action index -> the elements that stand for it; checks each target carries
    class="target", valid indexes and a title naming its actions."""
    found: dict[int, list[ET.Element]] = {}
    for node in root.iter():
        single = node.get("data-action")
        several = node.get("data-actions")
        is_target = "target" in (node.get("class") or "").split()
        assert is_target == (single is not None or several is not None), node.attrib
        if not is_target:
            continue
        assert (single is None) != (several is None), "one of data-action / data-actions"
        indexes = [int(single)] if single is not None else [int(i) for i in several.split()]
        assert len(indexes) == len(set(indexes)) >= 1
        assert several is None or len(indexes) > 1
        title = node.find(f"{SVG}title")
        assert title is not None and title.text, "a target has a title"
        for i in indexes:
            assert 0 <= i < n_legal
            found.setdefault(i, []).append(node)
    return found


def check_boxes(root: ET.Element) -> None:
    """The play area and the panels are boxes inside the drawing, side by side."""
    _, _, width, height = map(float, root.get("viewBox").split())
    boxes = []
    for name in ("data-board-box", "data-panels-box"):
        x, y, w, h = map(float, root.get(name).split())
        assert min(x, y) >= 0 and w > 0 and h > 0
        assert x + w <= width + 1 and y + h <= height + 1, (name, x + w, y + h)
        boxes.append((x, w))
    (bx, bw), (px, _) = boxes
    assert bx + bw <= px + 1


DATA_IDS = re.compile(r"\b(?:uno|duo|trio)-[a-z-]+\b")
"""Volcanique's tile ids (``trio-dlm``): a board names tiles as the rulebook does."""


def check(draw: Callable, state: State, on_board: Callable[[object], bool]) -> None:
    """Draw ``state`` for every seat and a spectator; the seat to move gets its legal
    actions, and each one ``on_board`` says has a place must have a target whose title
    holds its label."""
    mover = state.current_player()
    for seat in [*range(state.num_players), None]:
        legal = state.legal_actions() if seat is not None and seat == mover else []
        labels = [state.action_text(a) for a in legal]
        svg = draw(state.observation(seat), seat, legal, labels)
        root = parse(svg)
        check_boxes(root)
        raw = DATA_IDS.search(text_of(svg))
        assert raw is None, f"the board reads {raw.group()!r}, a data id, not the game's words"
        found = targets(root, len(legal))
        for i, action in enumerate(legal):
            if on_board(action):
                assert i in found, f"no target for {action} ({labels[i]})"
                assert labels[i] in found[i][0].find(f"{SVG}title").text


def positions(
    game_id: str, configs: list[tuple[dict, int]], seeds: range, every: int
) -> Iterator[State]:
    """Positions reached by random play: every ``every``-th decision, to the end."""
    for options, players in configs:
        for seed in seeds:
            rng = random.Random(seed)
            state = lapilli.load_game(game_id, **options).new_state(players)
            decisions = 0
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply(sample_chance(state, rng))
                    continue
                if decisions % every == 0:
                    yield state
                decisions += 1
                state.apply(rng.choice(state.legal_actions()))
            yield state


def text_of(svg: str) -> str:
    """Every text and title the drawing shows, joined."""
    root = parse(svg)
    return " ".join(t for node in root.iter() for t in (node.text,) if t)

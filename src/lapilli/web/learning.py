"""Rules and lessons in the browser: each game's rules in brief (the same ``Rulebook`` as
``lapilli rules``) and its guided first game (the same lesson as ``lapilli learn``).

A lesson keeps no state on the server: every step starts from the same position (the
lesson's data decides it), so the page asks for a step by its number and sends the
learner's choice; nothing is stored and no seat has a secret.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from lapilli.core.errors import LapilliError
from lapilli.core.lessons import Lesson, lesson_of
from lapilli.core.registry import game_class, load_game

from .tables import board

GameId = Annotated[str, Path(max_length=64, pattern=r"^[a-z_]+$")]
StepNumber = Annotated[int, Path(ge=0, le=100)]


class Choice(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    choice: int = Field(ge=0, le=10_000, description="in the step's list of choices")


learning = APIRouter()


@cache
def _page(name: str) -> str:
    return (files("lapilli.web") / "static" / name).read_text()


@cache
def lesson(game: str) -> Lesson:
    """The game's lesson, made once (its positions are built once and copied)."""
    try:
        found = lesson_of(load_game(game, []))
    except LapilliError as exc:
        raise HTTPException(404, str(exc)) from None
    if found is None:
        raise HTTPException(404, f"{game} has no lesson yet")
    return found


def _step(game: str, step: int) -> tuple[Lesson, int]:
    taught = lesson(game)
    if step >= len(taught.steps):
        raise HTTPException(404, f"the lesson has {len(taught.steps)} steps, from 0")
    return taught, step


@learning.get("/learn/{game}", response_class=HTMLResponse)
async def learn_page(game: GameId) -> str:
    lesson(game)  # a game without a lesson is a 404, not an empty page
    return _page("learn.html")


@learning.get("/api/games/{game}/rules")
def rules(game: GameId) -> dict[str, Any]:
    """The game's rules in brief, each rule with the decisions it governs."""
    try:
        book = game_class(game).parts.rules
    except LapilliError as exc:
        raise HTTPException(404, str(exc)) from None
    if book is None:
        raise HTTPException(404, f"{game} has no rules in brief yet")
    return book.to_json()


@learning.get("/api/lessons/{game}")
async def lesson_outline(game: GameId) -> dict[str, Any]:
    return await run_in_threadpool(lambda: lesson(game).to_json())


def _shown(taught: Lesson, step: int) -> dict[str, Any]:
    """A step as the learner sees it: the rule, the board (its places index the legal
    moves), and every choice offered, the rules' tempting refusals among them."""
    state = taught.start(step)
    legal = state.legal_actions()
    texts = [state.action_text(a) for a in legal]
    data = taught.steps[step]
    return {
        "step": step,
        "steps": len(taught.steps),
        "title": data.title,
        "rule": taught.rule(step).text,
        "say": data.say,
        "ask": data.ask,
        "choices": [
            {"label": c.label, "legal": legal.index(c.action) if c.legal else None}
            for c in taught.choices(step, state)
        ],
        **board(state.game.parts.draw, state, taught.seat, legal, texts),
    }


@learning.get("/api/lessons/{game}/{step}")
async def lesson_step(game: GameId, step: StepNumber) -> dict[str, Any]:
    taught, step = _step(game, step)
    return await run_in_threadpool(_shown, taught, step)


def _judged(taught: Lesson, step: int, choice: int) -> dict[str, Any]:
    offered = taught.choices(step)
    if choice >= len(offered):
        raise HTTPException(400, f"step {step} offers {len(offered)} choices, from 0")
    chosen = offered[choice].action
    verdict = taught.judge(step, chosen)
    answer: dict[str, Any] = {"verdict": verdict.kind, "text": verdict.text}
    if verdict.kind == "right":
        state, lines = taught.play(step, chosen)
        answer["log"] = [entry.text for entry in lines]
        answer |= board(state.game.parts.draw, state, taught.seat, [], [])
    return answer


@learning.post("/api/lessons/{game}/{step}")
async def lesson_move(game: GameId, step: StepNumber, move: Choice) -> dict[str, Any]:
    taught, step = _step(game, step)
    return await run_in_threadpool(_judged, taught, step, move.choice)

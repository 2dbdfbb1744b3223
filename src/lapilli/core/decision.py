"""What the game waits for, as every game's observation shows it (``FlowState.decision``).

Its own module because pydantic reads its annotations to document observations
(``core.schema``): it is never compiled, so they stay as written.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict


@with_config(ConfigDict(extra="forbid", strict=True))
class Decision(TypedDict):
    """What the game waits for; null once the game is over."""

    name: Annotated[str, Field(description="the rulebook's word for what the game waits for")]
    seat: Annotated[
        int | None, Field(description="the seat that decides; null for a roll or a draw")
    ]
    prompt: Annotated[str, Field(description="the rule being decided, in the rulebook's words")]

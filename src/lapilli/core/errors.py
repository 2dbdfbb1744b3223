"""Errors the engine raises on bad input. None of them leaves a game half-changed."""


class LapilliError(Exception):
    """Base of every error meant for the user: the message says what went wrong."""


class IllegalAction(LapilliError):
    """A well-formed action the rules do not allow now; the message names the rule."""


class MalformedInput(LapilliError):
    """An action, position, option or record that cannot be read at all."""


class OptionError(MalformedInput):
    """A variant option with an unknown name or a value out of range."""


class RecordError(MalformedInput):
    """A game record that is damaged or does not replay."""


class UnknownGame(LapilliError):
    """No registered game has this id."""

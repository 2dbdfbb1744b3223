"""Adapters for reinforcement-learning libraries, thin layers over each game's numeric
view (``lapilli.core.numeric``): ``aec.env`` (PettingZoo, every seat an agent),
``gym.SeatEnv`` (Gymnasium, one seat learning against bots) and ``spiel.load`` (OpenSpiel).

They need the ``rl`` extra: ``pip install 'lapilli[rl]'``.
"""

"""Adapters for reinforcement-learning libraries, thin layers over each game's numeric
view (``lapilli.core.numeric``): ``aec.env`` (PettingZoo) and ``spiel.load`` (OpenSpiel).

They need the ``rl`` extra: ``pip install 'lapilli[rl]'``.
"""

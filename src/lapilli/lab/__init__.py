"""The balance lab: experiments on rule variants, run as files, with statistics and a report.

``spec`` reads an experiment (TOML) and checks it whole before any game runs; ``runner``
plays its games in local processes or on Ray and ``store`` writes them as Parquet tables
as they finish (a rerun skips what is done); ``stats`` and ``analysis`` turn the tables
into figures with their intervals and tests, and ``report`` writes them as one HTML file
and ``summary.json``. ``docs/lab.md`` explains every key and every statistic.

The lab needs the ``lab`` extra (pyarrow, matplotlib, scipy), and Ray for
``--backend ray`` (the ``cluster`` extra).
"""

"""Adapters to double-dummy solvers (optional extra ``[dds]``); encodings never leave these modules.

* :mod:`tenace.solver.dds`: DD tables, par, tricks in a contract and card values mid-play, through DDS (via
  endplay, imported on first use);
* :mod:`tenace.solver.progress`: a Rich progress bar for :func:`tenace.solver.dds.dd_tables`.

Importing this package imports neither endplay nor Rich.
"""

"""Tournaments: events, movements, result entry, Law 78 scoring of whole events, rankings and results.

The modules here are pure (no I/O): :mod:`tenace.store` keeps events in a database and :mod:`tenace.cli`
drives them. The shared vocabulary is in :mod:`tenace.tournament.model`.
"""

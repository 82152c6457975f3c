"""Scoring: Law 77 points, Law 78 matchpoints, IMPs, Butler, cross-IMPs, VPs, Law 12C adjusted scores."""

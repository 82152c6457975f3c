"""Bidding systems as rules: the robots' system cards (Laws 20F, 40A), their reading, checking and
explaining. Pure (standard library only).
"""

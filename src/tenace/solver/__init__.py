"""Adapters to double-dummy solvers (optional extra ``[dds]``); encodings never leave these modules."""

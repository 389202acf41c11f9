"""Synthetic photos with ground truth (boards, sheets, cards) and the tile classifier's training
set: test, benchmark and training tooling for :mod:`vision`, which never imports it."""

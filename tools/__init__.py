"""Tooling beside the product: generators of test data (never imported by the product)."""

"""Readable WerdUp test positions (10x10 board text; ``A2`` = A on a stack of 2).

Columns are A-J left to right, rows 1-10 top to bottom; the beginning squares are 5E 5F 6E 6F.
Each position says where it came from.
"""

from __future__ import annotations

from companion.board import Board


def board(text: str) -> Board:
    return Board.from_text(text, 10, 10)


EMPTY = board("\n".join([". " * 10] * 10))

# CAT across row 5 (5D-5F), nothing stacked: the first word of the game in test_werdup_game.
CAT = board("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . C A T . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
""")

# CAT across row 5 with its A on a stack of 2, and ARE down column E sharing that A.
CAT_ARE = board("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . C A2 T . . . .
. . . . R . . . . .
. . . . E . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
""")

# AT across row 5 (5E-5F), A on a stack of 2: a parallel play goes under it in row 6.
AT_STACKED = board("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . A2 T . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
""")

# IT across row 5 (5E-5F): the Qu tile goes in front of it.
IT = board("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . I T . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
""")

# CAT across row 5 and HI down column G (3G-4G) ending just above the square after CAT.
CAT_HI = board("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . H . . .
. . . . . . I . . .
. . . C A T . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
""")

# CAT across row 5 with its A on a full-but-one stack of 4, and one of 5 on T.
CAT_TALL = board("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . C A4 T5 . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
""")

/*
 * The compiled core of the Bug Words move generator (companion.bugwords.movegen).
 *
 * A word list is held as a letter trie in two flat arrays, so building it takes a few tens of
 * milliseconds and Python's garbage collector never walks it. Each node is one 32-bit mask
 * (bit c: a child for letter c, c = 0 for A ... 25 for Z; bit 31: a word ends here) and the
 * index of its first child; a node's children are stored together in letter order, so the
 * child for letter c is first + (number of mask bits below c).
 *
 * generate() finds every play for a rack: for each line and each anchor (an empty square
 * beside a tile, or a start square on an empty board) it grows a left part from the rack
 * through empty squares that touch nothing, then extends right through the anchor, following
 * the trie and each square's cross-check (the letters whose perpendicular word is a word).
 * Blanks are searched only for letters the rack lacks; when a word is found, every way of
 * using the blanks for some of its new tiles is recorded, each blank taking its letter's
 * points off the score. Plays come back best first as fixed-size records (see PlayRecord);
 * plays with equal scores stay in the order they were found, which is the same on every run.
 *
 * stack_plays() finds every WerdUp play (companion.werdup.movegen): each row and column is
 * walked from every square that starts a word; each square keeps its tile or takes a rack
 * tile (on an empty square, or on a stack under the height limit showing another letter),
 * pruned by the trie and by per-square tables of the perpendicular words.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define LETTERS 26
#define WORD_END (1u << 31)
#define LETTER_BITS ((1u << LETTERS) - 1)
#define MAX_LINE 32     /* longest row or column the generator handles */
#define EMPTY 255       /* board code of an empty square */
#define NO_LETTER 254   /* board code of a tile that reads as no single letter A-Z */

/* ---------------------------------------------------------------------------------------- */
/* The letter trie                                                                          */
/* ---------------------------------------------------------------------------------------- */

typedef struct {
    uint32_t mask;   /* child letters (bits 0-25) and WORD_END */
    uint32_t first;  /* index of the first child */
} TrieNode;

typedef struct {
    PyObject_HEAD
    TrieNode *nodes;
    Py_ssize_t n_nodes;
    Py_ssize_t n_words;
} TrieObject;

static inline uint32_t child_of(const TrieNode *nodes, uint32_t node, int letter) {
    return nodes[node].first + (uint32_t)__builtin_popcount(nodes[node].mask & ((1u << letter) - 1u));
}

/* The nodes of a trie argument, or NULL (with an error set) if it was never built. */
static const TrieNode *trie_nodes(PyObject *trie) {
    const TrieNode *nodes = ((TrieObject *)trie)->nodes;
    if (!nodes) PyErr_SetString(PyExc_ValueError, "the word trie was never built");
    return nodes;
}

/* A build-time node: children as a sorted sibling list. */
typedef struct {
    uint32_t first_child, next_sibling;  /* 0 = none (node 0 is the root, never a child) */
    uint8_t letter, is_word;
} BuildNode;

static void Trie_dealloc(TrieObject *self) {
    PyMem_RawFree(self->nodes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Trie(words: bytes, min_length: int): words separated by newlines, any order and case;
   words shorter than min_length or holding anything but letters A-Z are left out. */
static int Trie_init(TrieObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"words", "min_length", NULL};
    Py_buffer buf;
    int min_length = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*|i", kwlist, &buf, &min_length)) return -1;
    const unsigned char *text = buf.buf;
    Py_ssize_t size = buf.len;
    size_t cap = (size_t)size + 2;  /* at most one node per letter, plus the root */
    BuildNode *bn = PyMem_RawCalloc(cap, sizeof(BuildNode));
    if (!bn) { PyBuffer_Release(&buf); PyErr_NoMemory(); return -1; }
    uint32_t used = 1;
    Py_ssize_t n_words = 0;
    Py_ssize_t i = 0;
    while (i < size) {
        Py_ssize_t j = i;
        while (j < size && text[j] != '\n') j++;
        Py_ssize_t len = j - i;
        if (len > 0 && text[j - 1] == '\r') len--;
        int ok = 1;
        for (Py_ssize_t k = i; k < i + len; k++) {
            unsigned char ch = text[k];
            if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))) ok = 0;
        }
        if (ok && len > 0 && len >= min_length) {
            uint32_t node = 0;
            for (Py_ssize_t k = i; k < i + len; k++) {
                uint8_t letter = (uint8_t)((text[k] | 0x20) - 'a');
                uint32_t *link = &bn[node].first_child;
                while (*link && bn[*link].letter < letter) link = &bn[*link].next_sibling;
                if (*link && bn[*link].letter == letter) {
                    node = *link;
                } else {
                    uint32_t fresh = used++;
                    bn[fresh].letter = letter;
                    bn[fresh].next_sibling = *link;
                    *link = fresh;
                    node = fresh;
                }
            }
            if (!bn[node].is_word) n_words++;
            bn[node].is_word = 1;
        }
        i = j + 1;
    }
    PyBuffer_Release(&buf);
    /* Lay the nodes out breadth first, so each node's children sit side by side. */
    TrieNode *nodes = PyMem_RawMalloc((size_t)used * sizeof(TrieNode));
    uint32_t *order = PyMem_RawMalloc((size_t)used * sizeof(uint32_t));
    if (!nodes || !order) {
        PyMem_RawFree(bn); PyMem_RawFree(nodes); PyMem_RawFree(order);
        PyErr_NoMemory();
        return -1;
    }
    order[0] = 0;
    uint32_t head = 0, tail = 1;
    while (head < tail) {
        uint32_t old = order[head];
        uint32_t mask = bn[old].is_word ? WORD_END : 0;
        uint32_t first = tail;
        for (uint32_t c = bn[old].first_child; c; c = bn[c].next_sibling) {
            mask |= 1u << bn[c].letter;
            order[tail++] = c;
        }
        nodes[head].mask = mask;
        nodes[head].first = first;
        head++;
    }
    PyMem_RawFree(bn);
    PyMem_RawFree(order);
    PyMem_RawFree(self->nodes);
    self->nodes = nodes;
    self->n_nodes = used;
    self->n_words = n_words;
    return 0;
}

/* contains(word: str) -> bool: is the word (letters A-Z, any case) in the trie? */
static PyObject *Trie_contains(TrieObject *self, PyObject *arg) {
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &len);
    if (!s || !trie_nodes((PyObject *)self)) return NULL;
    uint32_t node = 0;
    for (Py_ssize_t k = 0; k < len; k++) {
        unsigned char ch = (unsigned char)s[k] | 0x20;
        if (ch < 'a' || ch > 'z') Py_RETURN_FALSE;
        int letter = ch - 'a';
        if (!(self->nodes[node].mask & (1u << letter))) Py_RETURN_FALSE;
        node = child_of(self->nodes, node, letter);
    }
    return PyBool_FromLong((self->nodes[node].mask & WORD_END) != 0);
}

static PyObject *Trie_get_nodes(TrieObject *self, void *closure) {
    return PyLong_FromSsize_t(self->n_nodes);
}

static PyObject *Trie_get_words(TrieObject *self, void *closure) {
    return PyLong_FromSsize_t(self->n_words);
}

static PyObject *Trie_get_nbytes(TrieObject *self, void *closure) {
    return PyLong_FromSsize_t(self->n_nodes * (Py_ssize_t)sizeof(TrieNode));
}

static PyMethodDef Trie_methods[] = {
    {"contains", (PyCFunction)Trie_contains, METH_O, "True if the word is in the trie."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Trie_getset[] = {
    {"nodes", (getter)Trie_get_nodes, NULL, "number of trie nodes", NULL},
    {"words", (getter)Trie_get_words, NULL, "number of words held", NULL},
    {"nbytes", (getter)Trie_get_nbytes, NULL, "memory held by the nodes, in bytes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject TrieType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "companion._movecore.Trie",
    .tp_doc = "Trie(words: bytes, min_length=1): a word list as a flat letter trie.",
    .tp_basicsize = sizeof(TrieObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Trie_init,
    .tp_dealloc = (destructor)Trie_dealloc,
    .tp_methods = Trie_methods,
    .tp_getset = Trie_getset,
};

/* ---------------------------------------------------------------------------------------- */
/* Move generation                                                                          */
/* ---------------------------------------------------------------------------------------- */

/* One play as handed back to Python (struct format "<iBBBBII32s", 48 bytes). */
typedef struct {
    int32_t score;
    uint8_t down;        /* 0 across, 1 down */
    uint8_t line;        /* the row (across) or column (down) */
    uint8_t start, end;  /* the main word covers squares start .. end - 1 of the line */
    uint32_t new_mask;   /* bit k: square start + k gets a new tile */
    uint32_t blank_mask; /* bit k: that new tile is a blank */
    char word[MAX_LINE]; /* the main word's letters, upper case, NUL padded */
} PlayRecord;

/* What stays fixed for the whole search: the board, the rack, the rules. */
typedef struct {
    const TrieNode *trie;
    int rows, cols;
    const uint8_t *board;        /* rows * cols codes: 0-25 a letter, EMPTY, NO_LETTER */
    const int32_t *tile_value;   /* rows * cols face values of the tiles on the board */
    const int32_t *letter_mult;  /* rows * cols premium layout */
    const int32_t *word_mult;
    const uint8_t *is_start;     /* rows * cols: a start square (used on an empty board) */
    int empty_board;
    int letter_value[LETTERS];
    int rack_letters[LETTERS];   /* the rack's own tiles, blanks apart */
    int rack_blanks;
    int rack_size;               /* all tiles on the rack */
    int bingo_tiles, bingo_bonus;
} BoardRack;

/* One line (row or column) of the board, seen along the play, with its cross-checks. */
typedef struct {
    int down, index, length;
    uint8_t letter[MAX_LINE];       /* board codes along the line */
    int value[MAX_LINE];            /* face value of the tile on each square */
    int letter_mult[MAX_LINE], word_mult[MAX_LINE];
    uint32_t allowed[MAX_LINE];     /* letters an empty square may take (cross-checks) */
    uint8_t has_cross[MAX_LINE];    /* a perpendicular word runs through the square */
    int cross_sum[MAX_LINE];        /* face value of that word's tiles already down */
    uint8_t is_anchor[MAX_LINE];
} Line;

/* The search state while one line is searched. */
typedef struct {
    const BoardRack *pos;
    const Line *line;
    int rack[LETTERS];            /* rack tiles left */
    int blanks_left;
    int anchor;
    int prefix[MAX_LINE];         /* the left part's letters, left to right */
    int prefix_len;
    int placed[MAX_LINE];         /* letter put on each square right of the left part, or -1 */
    PlayRecord *plays;            /* every play found, in the order found */
    Py_ssize_t n_plays, cap_plays;
    int failed;                   /* out of memory */
} Search;

static inline int square(const BoardRack *pos, int down, int line, int k) {
    return down ? k * pos->cols + line : line * pos->cols + k;
}

/* The trie node reached from `node` by the letters codes[0..n), or -1. */
static int64_t walk(const TrieNode *trie, uint32_t node, const uint8_t *codes, int n) {
    for (int k = 0; k < n; k++) {
        uint8_t c = codes[k];
        if (c >= LETTERS || !(trie[node].mask & (1u << c))) return -1;
        node = child_of(trie, node, c);
    }
    return node;
}

static void setup_line(const BoardRack *pos, int down, int index, Line *ln) {
    int length = down ? pos->rows : pos->cols;
    int n_cross = down ? pos->cols : pos->rows;  /* length of a perpendicular line */
    ln->down = down;
    ln->index = index;
    ln->length = length;
    for (int k = 0; k < length; k++) {
        int sq = square(pos, down, index, k);
        ln->letter[k] = pos->board[sq];
        ln->value[k] = pos->tile_value[sq];
        ln->letter_mult[k] = pos->letter_mult[sq];
        ln->word_mult[k] = pos->word_mult[sq];
        ln->allowed[k] = LETTER_BITS;
        ln->has_cross[k] = 0;
        ln->cross_sum[k] = 0;
        ln->is_anchor[k] = 0;
    }
    for (int k = 0; k < length; k++) {
        if (ln->letter[k] != EMPTY) continue;
        /* The perpendicular line through square k: tiles at index-1, index-2... and index+1... */
        int a = index, b = index;
        while (a > 0 && pos->board[square(pos, !down, k, a - 1)] != EMPTY) a--;
        while (b + 1 < n_cross && pos->board[square(pos, !down, k, b + 1)] != EMPTY) b++;
        if (a < index || b > index) {
            uint8_t before[MAX_LINE], after[MAX_LINE];
            int sum = 0;
            for (int t = a; t < index; t++) {
                int sq = square(pos, !down, k, t);
                before[t - a] = pos->board[sq];
                sum += pos->tile_value[sq];
            }
            for (int t = index + 1; t <= b; t++) {
                int sq = square(pos, !down, k, t);
                after[t - index - 1] = pos->board[sq];
                sum += pos->tile_value[sq];
            }
            uint32_t allowed = 0;
            int64_t node = walk(pos->trie, 0, before, index - a);
            if (node >= 0) {
                uint32_t letters = pos->trie[node].mask & LETTER_BITS;
                while (letters) {
                    int c = __builtin_ctz(letters);
                    letters &= letters - 1;
                    int64_t end = walk(pos->trie, child_of(pos->trie, (uint32_t)node, c), after,
                                       b - index);
                    if (end >= 0 && (pos->trie[end].mask & WORD_END)) allowed |= 1u << c;
                }
            }
            ln->allowed[k] = allowed;
            ln->has_cross[k] = 1;
            ln->cross_sum[k] = sum;
        }
        if (pos->empty_board) {
            ln->is_anchor[k] = pos->is_start[square(pos, down, index, k)];
        } else {
            ln->is_anchor[k] = ln->has_cross[k] || (k > 0 && ln->letter[k - 1] != EMPTY)
                               || (k + 1 < length && ln->letter[k + 1] != EMPTY);
        }
    }
}

static PlayRecord *new_record(Search *s) {
    if (s->n_plays == s->cap_plays) {
        Py_ssize_t cap = s->cap_plays ? s->cap_plays * 2 : 1024;
        PlayRecord *grown = PyMem_RawRealloc(s->plays, (size_t)cap * sizeof(PlayRecord));
        if (!grown) { s->failed = 1; return NULL; }
        s->plays = grown;
        s->cap_plays = cap;
    }
    return &s->plays[s->n_plays++];
}

/* A word from `start` to `end` (exclusive) is complete: record it, once per way of using the
   rack's blanks. `main_sum` is the main word's letter points before its word multiplier
   `word_mult`, `cross_total` the perpendicular words' points. */
static void record(Search *s, int start, int end, int main_sum, int word_mult, int cross_total) {
    const Line *ln = s->line;
    const BoardRack *pos = s->pos;
    int n_tiles = 0;
    int tile_at[MAX_LINE], tile_letter[MAX_LINE];
    int counts[LETTERS] = {0};
    uint32_t new_mask = 0;
    char word[MAX_LINE];
    memset(word, 0, sizeof word);
    for (int k = start; k < end; k++) {
        int letter;
        if (ln->letter[k] != EMPTY) {
            letter = ln->letter[k];
            word[k - start] = letter < LETTERS ? (char)('A' + letter) : '?';
            continue;
        }
        letter = k < s->anchor ? s->prefix[k - (s->anchor - s->prefix_len)] : s->placed[k];
        word[k - start] = (char)('A' + letter);
        tile_at[n_tiles] = k;
        tile_letter[n_tiles] = letter;
        counts[letter]++;
        n_tiles++;
        new_mask |= 1u << (k - start);
    }
    /* A lone tile with a word across the line is found by the across pass too. */
    if (n_tiles == 1 && ln->down && ln->has_cross[tile_at[0]]) return;
    int base = main_sum * word_mult + cross_total
               + (n_tiles >= pos->bingo_tiles ? pos->bingo_bonus : 0);
    /* Letters used more often than the rack holds them: blanks must stand for the rest. */
    int short_by[LETTERS], shortfall = 0;
    for (int c = 0; c < LETTERS; c++) {
        short_by[c] = counts[c] > pos->rack_letters[c] ? counts[c] - pos->rack_letters[c] : 0;
        shortfall += short_by[c];
    }
    int penalty[MAX_LINE];  /* points a blank on each new tile takes off the score */
    for (int t = 0; t < n_tiles; t++) {
        int k = tile_at[t];
        int points = pos->letter_value[tile_letter[t]] * ln->letter_mult[k];
        penalty[t] = points * word_mult + (ln->has_cross[k] ? points * ln->word_mult[k] : 0);
    }
    int most = pos->rack_blanks < n_tiles ? pos->rack_blanks : n_tiles;
    /* Every set of `size` new tiles played as blanks, in lexicographic order of tile index. */
    for (int size = shortfall; size <= most; size++) {
        int chosen[MAX_LINE];
        for (int t = 0; t < size; t++) chosen[t] = t;
        for (;;) {
            int covered = 1;
            if (shortfall) {
                int got[LETTERS] = {0};
                for (int t = 0; t < size; t++) got[tile_letter[chosen[t]]]++;
                for (int c = 0; c < LETTERS; c++) {
                    if (got[c] < short_by[c]) { covered = 0; break; }
                }
            }
            if (covered) {
                PlayRecord *rec = new_record(s);
                if (!rec) return;
                int score = base;
                uint32_t blank_mask = 0;
                for (int t = 0; t < size; t++) {
                    score -= penalty[chosen[t]];
                    blank_mask |= 1u << (tile_at[chosen[t]] - start);
                }
                rec->score = score;
                rec->down = (uint8_t)ln->down;
                rec->line = (uint8_t)ln->index;
                rec->start = (uint8_t)start;
                rec->end = (uint8_t)end;
                rec->new_mask = new_mask;
                rec->blank_mask = blank_mask;
                memcpy(rec->word, word, MAX_LINE);
            }
            /* The next combination. */
            int t = size - 1;
            while (t >= 0 && chosen[t] == n_tiles - size + t) t--;
            if (t < 0) break;
            chosen[t]++;
            for (int u = t + 1; u < size; u++) chosen[u] = chosen[u - 1] + 1;
        }
    }
}

/* Letters that may be tried next: any the trie allows when a blank is left, else the rack's. */
static inline uint32_t playable(const Search *s, uint32_t mask) {
    mask &= LETTER_BITS;
    if (s->blanks_left) return mask;
    uint32_t on_rack = 0;
    for (int c = 0; c < LETTERS; c++) {
        if (s->rack[c]) on_rack |= 1u << c;
    }
    return mask & on_rack;
}

/* Extend the word rightwards from square k (the anchor or beyond), at trie `node`. */
static void extend_right(Search *s, uint32_t node, int k, int start, int main_sum, int word_mult,
                         int cross_total) {
    const Line *ln = s->line;
    const TrieNode *trie = s->pos->trie;
    int n = ln->length;
    while (k < n && ln->letter[k] != EMPTY) {  /* through the tiles already on the board */
        uint8_t c = ln->letter[k];
        if (c >= LETTERS || !(trie[node].mask & (1u << c))) return;
        node = child_of(trie, node, c);
        main_sum += ln->value[k];
        k++;
    }
    if (k > s->anchor && (trie[node].mask & WORD_END)) {
        record(s, start, k, main_sum, word_mult, cross_total);
    }
    if (k >= n || s->failed) return;
    uint8_t next = k + 1 < n ? ln->letter[k + 1] : EMPTY;
    uint32_t letters = playable(s, trie[node].mask) & ln->allowed[k];
    while (letters) {
        int c = __builtin_ctz(letters);
        letters &= letters - 1;
        uint32_t child = child_of(trie, node, c);
        if (next != EMPTY && (next >= LETTERS || !(trie[child].mask & (1u << next)))) continue;
        int points = s->pos->letter_value[c] * ln->letter_mult[k];
        int wm = ln->word_mult[k];
        int cross = ln->has_cross[k] ? (ln->cross_sum[k] + points) * wm : 0;
        int from_rack = s->rack[c] > 0;
        if (from_rack) s->rack[c]--; else s->blanks_left--;
        s->placed[k] = c;
        extend_right(s, child, k + 1, start, main_sum + points, word_mult * wm,
                     cross_total + cross);
        s->placed[k] = -1;
        if (from_rack) s->rack[c]++; else s->blanks_left++;
        if (s->failed) return;
    }
}

/* Grow the left part (the letters before the anchor) up to `limit` more letters. */
static void left_part(Search *s, uint32_t node, int limit) {
    const Line *ln = s->line;
    const TrieNode *trie = s->pos->trie;
    int anchor = s->anchor;
    if (!ln->has_cross[anchor] || (ln->allowed[anchor] & trie[node].mask)) {
        int start = anchor - s->prefix_len;
        int main_sum = 0, word_mult = 1;
        for (int t = 0; t < s->prefix_len; t++) {
            main_sum += s->pos->letter_value[s->prefix[t]] * ln->letter_mult[start + t];
            word_mult *= ln->word_mult[start + t];
        }
        extend_right(s, node, anchor, start, main_sum, word_mult, 0);
    }
    if (limit <= 0 || s->failed) return;
    uint32_t letters = playable(s, trie[node].mask);
    while (letters) {
        int c = __builtin_ctz(letters);
        letters &= letters - 1;
        int from_rack = s->rack[c] > 0;
        if (from_rack) s->rack[c]--; else s->blanks_left--;
        s->prefix[s->prefix_len++] = c;
        left_part(s, child_of(trie, node, c), limit - 1);
        s->prefix_len--;
        if (from_rack) s->rack[c]++; else s->blanks_left++;
        if (s->failed) return;
    }
}

static void search_line(Search *s, const Line *ln) {
    s->line = ln;
    const TrieNode *trie = s->pos->trie;
    for (int a = 0; a < ln->length && !s->failed; a++) {
        if (!ln->is_anchor[a]) continue;
        s->anchor = a;
        s->prefix_len = 0;
        if (a > 0 && ln->letter[a - 1] != EMPTY) {  /* the left part is the tiles already down */
            int k = a - 1;
            while (k > 0 && ln->letter[k - 1] != EMPTY) k--;
            int64_t node = walk(trie, 0, &ln->letter[k], a - k);
            if (node >= 0) {
                int sum = 0;
                for (int t = k; t < a; t++) sum += ln->value[t];
                extend_right(s, (uint32_t)node, a, k, sum, 1, 0);
            }
            continue;
        }
        /* Empty squares to the left that touch nothing (and are not anchors themselves). */
        int limit = 0;
        for (int j = a - 1; j >= 0 && ln->letter[j] == EMPTY && !ln->is_anchor[j]
                            && limit < s->pos->rack_size - 1; j--) {
            limit++;
        }
        left_part(s, 0, limit);
    }
}

static int read_ints(PyObject *seq, int32_t *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd numbers", what, n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t k = 0; k < n; k++) {
        long v = PyLong_AsLong(items[k]);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[k] = (int32_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* generate(trie, rows, cols, board, tile_values, letter_mult, word_mult, starts,
            rack_letters, rack_blanks, letter_values, bingo_tiles, bingo_bonus)
   -> (count, records: bytes), best first. */
static PyObject *generate(PyObject *module, PyObject *args) {
    PyObject *trie_obj, *values_seq, *lm_seq, *wm_seq, *rack_seq, *letter_values_seq;
    Py_buffer board_buf, starts_buf;
    BoardRack pos;
    memset(&pos, 0, sizeof pos);
    if (!PyArg_ParseTuple(args, "O!iiy*OOOy*OiOii", &TrieType, &trie_obj, &pos.rows, &pos.cols,
                          &board_buf, &values_seq, &lm_seq, &wm_seq, &starts_buf, &rack_seq,
                          &pos.rack_blanks, &letter_values_seq, &pos.bingo_tiles,
                          &pos.bingo_bonus)) {
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n_sq = (Py_ssize_t)pos.rows * pos.cols;
    int32_t *ints = NULL;
    Search s;
    memset(&s, 0, sizeof s);
    if (pos.rows < 1 || pos.cols < 1 || pos.rows > MAX_LINE || pos.cols > MAX_LINE) {
        PyErr_Format(PyExc_ValueError, "the move generator handles boards up to %d squares a side",
                     MAX_LINE);
        goto done;
    }
    if (board_buf.len != n_sq || starts_buf.len != n_sq) {
        PyErr_SetString(PyExc_ValueError, "board and start squares must cover every square");
        goto done;
    }
    ints = PyMem_RawMalloc((size_t)(3 * n_sq + 2 * LETTERS) * sizeof(int32_t));
    if (!ints) { PyErr_NoMemory(); goto done; }
    int32_t *values = ints, *lm = ints + n_sq, *wm = ints + 2 * n_sq;
    int32_t *rack_letters = ints + 3 * n_sq, *letter_values = rack_letters + LETTERS;
    if (read_ints(values_seq, values, n_sq, "tile values") < 0
        || read_ints(lm_seq, lm, n_sq, "letter multipliers") < 0
        || read_ints(wm_seq, wm, n_sq, "word multipliers") < 0
        || read_ints(rack_seq, rack_letters, LETTERS, "rack letters") < 0
        || read_ints(letter_values_seq, letter_values, LETTERS, "letter values") < 0) {
        goto done;
    }
    pos.trie = trie_nodes(trie_obj);
    if (!pos.trie) goto done;
    pos.board = board_buf.buf;
    pos.tile_value = values;
    pos.letter_mult = lm;
    pos.word_mult = wm;
    pos.is_start = starts_buf.buf;
    pos.empty_board = 1;
    for (Py_ssize_t k = 0; k < n_sq; k++) {
        if (pos.board[k] != EMPTY) { pos.empty_board = 0; break; }
    }
    pos.rack_size = pos.rack_blanks;
    for (int c = 0; c < LETTERS; c++) {
        pos.rack_letters[c] = rack_letters[c];
        pos.letter_value[c] = letter_values[c];
        pos.rack_size += rack_letters[c];
        s.rack[c] = rack_letters[c];
    }
    s.pos = &pos;
    s.blanks_left = pos.rack_blanks;
    for (int k = 0; k < MAX_LINE; k++) s.placed[k] = -1;

    Py_BEGIN_ALLOW_THREADS
    Line ln;
    for (int down = 0; down < 2 && !s.failed; down++) {
        int n_lines = down ? pos.cols : pos.rows;
        for (int index = 0; index < n_lines && !s.failed; index++) {
            setup_line(&pos, down, index, &ln);
            search_line(&s, &ln);
        }
    }
    Py_END_ALLOW_THREADS
    if (s.failed) { PyErr_NoMemory(); goto done; }

    /* Best first; equal scores keep the order found (a stable counting sort). */
    int32_t top = 0, bottom = 0;
    for (Py_ssize_t k = 0; k < s.n_plays; k++) {
        if (s.plays[k].score > top) top = s.plays[k].score;
        if (s.plays[k].score < bottom) bottom = s.plays[k].score;
    }
    Py_ssize_t span = (Py_ssize_t)top - bottom + 2;
    Py_ssize_t *slot = PyMem_RawCalloc((size_t)span, sizeof(Py_ssize_t));
    if (!slot) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t k = 0; k < s.n_plays; k++) slot[top - s.plays[k].score + 1]++;
    for (Py_ssize_t k = 1; k < span; k++) slot[k] += slot[k - 1];
    PyObject *records = PyBytes_FromStringAndSize(NULL, s.n_plays * (Py_ssize_t)sizeof(PlayRecord));
    if (records) {
        PlayRecord *out = (PlayRecord *)PyBytes_AS_STRING(records);
        for (Py_ssize_t k = 0; k < s.n_plays; k++) {
            out[slot[top - s.plays[k].score]++] = s.plays[k];
        }
        result = Py_BuildValue("(nN)", s.n_plays, records);
    }
    PyMem_RawFree(slot);

done:
    PyMem_RawFree(ints);
    PyMem_RawFree(s.plays);
    PyBuffer_Release(&board_buf);
    PyBuffer_Release(&starts_buf);
    return result;
}

/* ---------------------------------------------------------------------------------------- */
/* WerdUp: plays that may stack tiles (companion.werdup.movegen)                            */
/* ---------------------------------------------------------------------------------------- */

/* WerdUp tiles: 0-25 the letters A-Z, QU_TILE the one tile reading QU. */
#define QU_TILE 26
#define STACK_TILES 27
#define LETTER_S 18

/* One WerdUp play as handed back to Python (struct format "<iBBBBI32s", 44 bytes). */
typedef struct {
    int32_t score;
    uint8_t down, line, start, end;  /* the main word covers squares start .. end - 1 */
    uint32_t new_mask;               /* bit k: square start + k gets a new tile */
    uint8_t tile[MAX_LINE];          /* the word's top tiles after the play (tile codes) */
} StackRecord;

/* The rule set's numbers (see companion/data/werdup-rules.tsv). */
typedef struct {
    int rack_size, max_height, min_first_word, flat_points, stack_points;
    int flat_only_if_whole_word, qu_flat_bonus, full_rack_bonus, no_plural_s;
    int no_cover_whole_word;
} StackRules;

typedef struct {
    const TrieNode *trie;
    int rows, cols;
    const uint8_t *top;      /* rows * cols: the top tile's code, EMPTY or NO_LETTER */
    const uint8_t *height;   /* rows * cols stack heights */
    const uint8_t *begins;   /* rows * cols: a beginning square */
    int first;               /* the board is empty: the first play */
    StackRules rules;
} StackBoard;

/* One line along the play, with what each square's perpendicular word needs. */
typedef struct {
    int down, index, length;
    uint8_t top[MAX_LINE + 1], height[MAX_LINE], begins[MAX_LINE];
    uint8_t has_cross[MAX_LINE];
    uint32_t cross_ok[MAX_LINE];             /* tiles whose perpendicular word is a word */
    int cross_score[MAX_LINE][STACK_TILES];  /* that word's points with the new tile on top */
    int gap[MAX_LINE + 1];  /* empty squares from k on before one that could join the play */
} StackLine;

typedef struct {
    const StackBoard *b;
    const StackLine *line;
    int rack[STACK_TILES];
    int left;                       /* tiles left on the rack */
    int word_len;
    uint8_t word_tile[MAX_LINE];    /* the word so far: top tiles, heights, new or kept */
    uint8_t word_height[MAX_LINE];
    uint8_t word_new[MAX_LINE];
    int placed_at[MAX_LINE];        /* squares of the new tiles, left to right */
    int n_placed;
    StackRecord *plays;
    Py_ssize_t n_plays, cap_plays;
    int failed;
} StackSearch;

/* The trie node after reading one tile (QU reads two letters), or -1. */
static inline int64_t step_tile(const TrieNode *trie, uint32_t node, int tile) {
    if (tile == QU_TILE) {
        if (!(trie[node].mask & (1u << ('Q' - 'A')))) return -1;
        node = child_of(trie, node, 'Q' - 'A');
        tile = 'U' - 'A';
    }
    if (tile >= LETTERS || !(trie[node].mask & (1u << tile))) return -1;
    return child_of(trie, node, tile);
}

/* Points for one word: its top tiles and their heights after the play. */
static int stack_word_score(const StackRules *r, const uint8_t *tile, const uint8_t *height,
                            int n) {
    int flat = 1, qu = 0, total = 0;
    for (int k = 0; k < n; k++) {
        if (height[k] != 1) flat = 0;
        if (tile[k] == QU_TILE) qu = 1;
    }
    for (int k = 0; k < n; k++) {
        if (r->flat_only_if_whole_word && !flat) total += r->stack_points * height[k];
        else total += height[k] == 1 ? r->flat_points : r->stack_points * height[k];
    }
    if (flat && qu) total += r->qu_flat_bonus;
    return total;
}

static inline int stack_square(const StackBoard *b, int down, int line, int k) {
    return down ? k * b->cols + line : line * b->cols + k;
}

static void setup_stack_line(const StackBoard *b, int down, int index, StackLine *ln) {
    int length = down ? b->rows : b->cols;
    int n_cross = down ? b->cols : b->rows;
    ln->down = down;
    ln->index = index;
    ln->length = length;
    for (int k = 0; k < length; k++) {
        int sq = stack_square(b, down, index, k);
        ln->top[k] = b->top[sq];
        ln->height[k] = b->height[sq];
        ln->begins[k] = b->begins[sq];
        ln->has_cross[k] = 0;
        ln->cross_ok[k] = 0;
        int lo = index, hi = index;
        while (lo > 0 && b->top[stack_square(b, !down, k, lo - 1)] != EMPTY) lo--;
        while (hi + 1 < n_cross && b->top[stack_square(b, !down, k, hi + 1)] != EMPTY) hi++;
        if (lo == index && hi == index) continue;
        ln->has_cross[k] = 1;
        /* The perpendicular word with each possible new tile on square k. */
        uint8_t tiles[MAX_LINE], heights[MAX_LINE];
        int n = 0, at = index - lo;
        for (int t = lo; t <= hi; t++, n++) {
            int sq = stack_square(b, !down, k, t);
            tiles[n] = b->top[sq];
            heights[n] = b->height[sq];
        }
        heights[at] = (uint8_t)(b->height[stack_square(b, down, index, k)] + 1);
        int64_t node = 0;
        for (int t = 0; t < at && node >= 0; t++) node = step_tile(b->trie, (uint32_t)node, tiles[t]);
        if (node < 0) continue;
        for (int tile = 0; tile < STACK_TILES; tile++) {
            int64_t end = step_tile(b->trie, (uint32_t)node, tile);
            for (int t = at + 1; t < n && end >= 0; t++) end = step_tile(b->trie, (uint32_t)end, tiles[t]);
            if (end < 0 || !(b->trie[end].mask & WORD_END)) continue;
            tiles[at] = (uint8_t)tile;
            ln->cross_ok[k] |= 1u << tile;
            ln->cross_score[k][tile] = stack_word_score(&b->rules, tiles, heights, n);
        }
    }
    ln->top[length] = EMPTY;
    int big = length + 1;
    ln->gap[length] = big;
    for (int k = length - 1; k >= 0; k--) {
        int hook = b->first ? ln->begins[k] : (ln->top[k] != EMPTY || ln->has_cross[k]);
        ln->gap[k] = hook ? 0 : (ln->gap[k + 1] + 1 < big ? ln->gap[k + 1] + 1 : big);
    }
}

/* True if every tile of an existing word along the line (2+ tiles) gets a new tile on top. */
static int covers_whole_word(const StackSearch *s, int start, int end) {
    const StackLine *ln = s->line;
    int k = start;
    while (k < end) {
        if (ln->top[k] == EMPTY) { k++; continue; }
        int j = k, all_covered = 1;
        while (j < end && ln->top[j] != EMPTY) {
            if (!s->word_new[j - start]) all_covered = 0;
            j++;
        }
        if (j - k >= 2 && all_covered) return 1;
        k = j;
    }
    return 0;
}

/* The word from `start` to `end` (exclusive) is complete: record it if the rules allow. */
static void stack_record(StackSearch *s, int start, int end, int cross_total, int joined,
                         int covers) {
    const StackBoard *b = s->b;
    const StackLine *ln = s->line;
    if (b->first) {
        if (!covers || s->word_len < b->rules.min_first_word) return;
    } else if (!joined) {
        return;
    }
    if (s->n_placed == 1) {
        int k = s->placed_at[0];
        if (ln->down && ln->has_cross[k]) return;  /* the same play is found reading across */
        /* An S alone on the end of a word, making no other word, is not a play. */
        if (b->rules.no_plural_s && s->word_tile[k - start] == LETTER_S && ln->top[k] == EMPTY
            && k == end - 1 && !ln->has_cross[k] && s->word_len >= 3) {
            return;
        }
    }
    if (b->rules.no_cover_whole_word && covers_whole_word(s, start, end)) return;
    if (s->n_plays == s->cap_plays) {
        Py_ssize_t cap = s->cap_plays ? s->cap_plays * 2 : 256;
        StackRecord *grown = PyMem_RawRealloc(s->plays, (size_t)cap * sizeof(StackRecord));
        if (!grown) { s->failed = 1; return; }
        s->plays = grown;
        s->cap_plays = cap;
    }
    StackRecord *rec = &s->plays[s->n_plays++];
    memset(rec, 0, sizeof *rec);
    rec->score = stack_word_score(&b->rules, s->word_tile, s->word_height, s->word_len)
                 + cross_total + (s->n_placed == b->rules.rack_size ? b->rules.full_rack_bonus : 0);
    rec->down = (uint8_t)ln->down;
    rec->line = (uint8_t)ln->index;
    rec->start = (uint8_t)start;
    rec->end = (uint8_t)end;
    for (int t = 0; t < s->word_len; t++) {
        rec->tile[t] = s->word_tile[t];
        if (s->word_new[t]) rec->new_mask |= 1u << t;
    }
}

static void stack_walk(StackSearch *s, int k, int start, uint32_t node, int cross_total,
                       int joined, int covers);

/* Put `tile` on square k (a new tile, or the one already there) and go on. */
static void stack_try(StackSearch *s, int k, int start, uint32_t node, int cross_total,
                      int joined, int covers, int tile, int is_new) {
    const StackLine *ln = s->line;
    int extra = 0;
    if (ln->top[k] != EMPTY) joined = 1;
    if (is_new && ln->has_cross[k]) {
        if (!(ln->cross_ok[k] & (1u << tile))) return;
        extra = ln->cross_score[k][tile];
        joined = 1;
    }
    int64_t next = step_tile(s->b->trie, node, tile);
    if (next < 0) return;
    if (is_new) {
        s->rack[tile]--;
        s->left--;
        s->placed_at[s->n_placed++] = k;
        covers = covers || ln->begins[k];
    }
    int w = s->word_len++;
    s->word_tile[w] = (uint8_t)tile;
    s->word_height[w] = (uint8_t)(is_new ? ln->height[k] + 1 : ln->height[k]);
    s->word_new[w] = (uint8_t)is_new;
    const TrieNode *trie = s->b->trie;
    int last = k + 1 == ln->length;
    if ((last || ln->top[k + 1] == EMPTY) && (trie[next].mask & WORD_END) && s->n_placed
        && s->word_len >= 2) {
        stack_record(s, start, k + 1, cross_total + extra, joined, covers);
    }
    if (!last && (s->left > 0 || ln->top[k + 1] != EMPTY) && (trie[next].mask & LETTER_BITS)
        && !s->failed) {
        stack_walk(s, k + 1, start, (uint32_t)next, cross_total + extra, joined, covers);
    }
    s->word_len--;
    if (is_new) {
        s->n_placed--;
        s->left++;
        s->rack[tile]++;
    }
}

static void stack_walk(StackSearch *s, int k, int start, uint32_t node, int cross_total,
                       int joined, int covers) {
    const StackLine *ln = s->line;
    if (!joined && !covers && ln->gap[k] > s->left) return;  /* the rack runs out first */
    int top = ln->top[k];
    if (top != EMPTY) stack_try(s, k, start, node, cross_total, joined, covers, top, 0);
    if (ln->height[k] >= s->b->rules.max_height) return;
    for (int tile = 0; tile < STACK_TILES && !s->failed; tile++) {
        if (s->rack[tile] && tile != top) {
            stack_try(s, k, start, node, cross_total, joined, covers, tile, 1);
        }
    }
}

/* stack_plays(trie, rows, cols, tops, heights, begins, rack, rules) -> (count, records):
   every WerdUp play, in no particular order. `rack` is a count per tile code (A-Z, then QU);
   `rules` is the tuple of StackRules fields. */
static PyObject *stack_plays(PyObject *module, PyObject *args) {
    PyObject *trie_obj, *rack_seq;
    Py_buffer top_buf, height_buf, begins_buf;
    StackBoard b;
    memset(&b, 0, sizeof b);
    StackRules *r = &b.rules;
    if (!PyArg_ParseTuple(args, "O!iiy*y*y*O(iiiiiiiiii)", &TrieType, &trie_obj, &b.rows, &b.cols,
                          &top_buf, &height_buf, &begins_buf, &rack_seq, &r->rack_size,
                          &r->max_height, &r->min_first_word, &r->flat_points, &r->stack_points,
                          &r->flat_only_if_whole_word, &r->qu_flat_bonus, &r->full_rack_bonus,
                          &r->no_plural_s, &r->no_cover_whole_word)) {
        return NULL;
    }
    PyObject *result = NULL;
    StackSearch s;
    memset(&s, 0, sizeof s);
    StackLine *ln = NULL;
    Py_ssize_t n_sq = (Py_ssize_t)b.rows * b.cols;
    int32_t rack[STACK_TILES];
    if (b.rows < 1 || b.cols < 1 || b.rows > MAX_LINE || b.cols > MAX_LINE) {
        PyErr_Format(PyExc_ValueError, "the move generator handles boards up to %d squares a side",
                     MAX_LINE);
        goto done;
    }
    if (top_buf.len != n_sq || height_buf.len != n_sq || begins_buf.len != n_sq) {
        PyErr_SetString(PyExc_ValueError, "tiles, heights and beginning squares must cover the board");
        goto done;
    }
    if (read_ints(rack_seq, rack, STACK_TILES, "rack tiles") < 0) goto done;
    ln = PyMem_RawMalloc(sizeof(StackLine));
    if (!ln) { PyErr_NoMemory(); goto done; }
    b.trie = trie_nodes(trie_obj);
    if (!b.trie) goto done;
    b.top = top_buf.buf;
    b.height = height_buf.buf;
    b.begins = begins_buf.buf;
    b.first = 1;
    for (Py_ssize_t k = 0; k < n_sq; k++) {
        if (b.top[k] != EMPTY) { b.first = 0; break; }
    }
    s.b = &b;
    for (int t = 0; t < STACK_TILES; t++) {
        s.rack[t] = rack[t];
        s.left += rack[t];
    }
    Py_BEGIN_ALLOW_THREADS
    for (int down = 0; down < 2 && !s.failed; down++) {
        int n_lines = down ? b.cols : b.rows;
        for (int index = 0; index < n_lines && !s.failed; index++) {
            setup_stack_line(&b, down, index, ln);
            int worth = 0;  /* a line with no tile on or beside it has no play (after the first) */
            for (int k = 0; k < ln->length; k++) {
                if (b.first ? ln->begins[k] : (ln->top[k] != EMPTY || ln->has_cross[k])) worth = 1;
            }
            if (!worth) continue;
            s.line = ln;
            for (int start = 0; start < ln->length && !s.failed; start++) {
                if (start > 0 && ln->top[start - 1] != EMPTY) continue;
                stack_walk(&s, start, start, 0, 0, 0, 0);
            }
        }
    }
    Py_END_ALLOW_THREADS
    if (s.failed) { PyErr_NoMemory(); goto done; }
    PyObject *records = PyBytes_FromStringAndSize(s.n_plays ? (const char *)s.plays : "",
                                                  s.n_plays * (Py_ssize_t)sizeof(StackRecord));
    if (records) result = Py_BuildValue("(nN)", s.n_plays, records);

done:
    PyMem_RawFree(ln);
    PyMem_RawFree(s.plays);
    PyBuffer_Release(&top_buf);
    PyBuffer_Release(&height_buf);
    PyBuffer_Release(&begins_buf);
    return result;
}

static PyMethodDef module_methods[] = {
    {"generate", generate, METH_VARARGS,
     "Every play for a rack on a board, best first: (count, records)."},
    {"stack_plays", stack_plays, METH_VARARGS,
     "Every WerdUp play (stacking allowed) for a rack: (count, records)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef movecore_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "companion._movecore",
    .m_doc = "The compiled core of the Bug Words move generator.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__movecore(void) {
    if (PyType_Ready(&TrieType) < 0) return NULL;
    PyObject *m = PyModule_Create(&movecore_module);
    if (!m) return NULL;
    Py_INCREF(&TrieType);
    if (PyModule_AddObject(m, "Trie", (PyObject *)&TrieType) < 0) {
        Py_DECREF(&TrieType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "RECORD_SIZE", (long)sizeof(PlayRecord)) < 0
        || PyModule_AddIntConstant(m, "STACK_RECORD_SIZE", (long)sizeof(StackRecord)) < 0
        || PyModule_AddIntConstant(m, "QU_TILE", QU_TILE) < 0
        || PyModule_AddIntConstant(m, "MAX_LINE", MAX_LINE) < 0
        || PyModule_AddIntConstant(m, "EMPTY", EMPTY) < 0
        || PyModule_AddIntConstant(m, "NO_LETTER", NO_LETTER) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

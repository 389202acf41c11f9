/* A depth-first branch-and-bound over a Word Girdle sheet's lines: is there a sheet whose
 * relaxed score is above a target?  Built and driven by bench/girdle_exact_bb.py, which
 * describes the model; this file only searches.
 *
 * Per node: every line still empty keeps the placements that agree with the squares fixed so
 * far, keep the squares just before and after them empty, and take their new letters from the
 * letters left (counts exact per line).  A placement's value is its length bonus, the VP of
 * its letters on squares already fixed, and twice the VP of its new letters.  The node's bound
 * is the smaller of (a) the sum of each line's best value and (b) the sum of each line's best
 * bonus plus fixed letters, with the new letters bounded by the most valuable letters left
 * (no more of them than remain), plus a cap on the cross-outs.  Placements that cannot reach
 * the target with the other lines' best are dropped for the whole subtree.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall_since(const struct timespec *a)
{
    struct timespec b;
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (double)(b.tv_sec - a->tv_sec) + 1e-9 * (double)(b.tv_nsec - a->tv_nsec);
}

#define MAXL 7
#define SQ 7
#define GRID 225

static int nl, cmin, vp[26], vporder[26], cells[MAXL][SQ], eligible[MAXL];
static const int *off;
static const uint8_t *pstart, *plen;
static const int8_t *plet;
static const int *pbonus;
static long target;          /* a sheet is wanted whose relaxed total exceeds this */

static int8_t letter[GRID];
static int cover[GRID], blockc[GRID];
static int rem[26];
static int filled[MAXL], chosen[MAXL];
static int ncross, cross_sq[64], cross_a[64], cross_b[64];

static int *cand[MAXL + 1][MAXL], *vals[MAXL + 1][MAXL], ncand[MAXL + 1][MAXL];

static long nodes, maxnodes;
static double cpu_limit, wall_limit;
static clock_t t0;
static struct timespec w0;
static long root_bound = -1;
static int stopped;

/* progress along the current path: children to search and children finished, per depth */
static long nch[MAXL + 1], ndone[MAXL + 1];
static double snapshot;       /* the fraction of the tree finished when the search stopped */

/* the root's children (in search order): their bound above the target, finished or not */
static double *root_weight;
static long root_n, root_done;

/* random dives (Knuth's estimate of a tree's size): each node met counts the product of the
 * branching factors above it */
static int probing;
static double path_weight, est_nodes;
static unsigned long long rng_state;

static unsigned long long next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* sheets found above the target: the chosen placement of each line */
static int *found;
static long nfound, maxfound;

static int top_sum(int k)
{
    /* the VP of the k most valuable letters left */
    int s = 0;
    for (int i = 0; i < 26 && k > 0; i++) {
        int c = vporder[i], take = rem[c] < k ? rem[c] : k;
        s += take * vp[c];
        k -= take;
    }
    return s;
}

static int letters_left(void)
{
    int r = 0;
    for (int c = 0; c < 26; c++) r += rem[c];
    return r;
}

static void progress_snapshot(int depth)
{
    double f = 0.0, w = 1.0;
    for (int d = 0; d <= depth && d <= nl; d++) {
        if (nch[d] <= 0) break;
        f += w * (double)ndone[d] / (double)nch[d];
        w /= (double)nch[d];
    }
    snapshot = f;
}

/* the search below a node; acc: the value of the lines filled so far */
static void dfs(int depth, long acc)
{
    nodes++;
    if ((nodes & 1023) == 0) {
        if ((double)(clock() - t0) / CLOCKS_PER_SEC > cpu_limit ||
            (wall_limit > 0 && wall_since(&w0) > wall_limit) ||
            (maxnodes > 0 && nodes >= maxnodes)) {
            stopped = 1;
        }
    }
    if (stopped) return;
    if (probing) est_nodes += path_weight;
    nch[depth] = 0;
    ndone[depth] = 0;
    if (depth == nl) {
        int k = 0;
        for (int l = 0; l < nl; l++)
            if (eligible[l] && plen[chosen[l]] >= cmin) k++;
        int r = letters_left();
        long total = acc + top_sum(k < r ? k : r);
        if (total > target) {
            if (nfound < maxfound)
                for (int l = 0; l < nl; l++) found[nfound * nl + l] = chosen[l];
            nfound++;
        }
        return;
    }
    int need[26];
    memset(need, 0, sizeof need);
    long sum_best = 0, sum_base = 0, sum_new = 0;
    int best[MAXL], kcross = 0;
    for (int l = 0; l < nl; l++) {
        if (filled[l]) {
            if (eligible[l] && plen[chosen[l]] >= cmin) kcross++;
            continue;
        }
        const int *src = depth == 0 ? NULL : cand[depth - 1][l];
        long n = depth == 0 ? off[l + 1] - off[l] : ncand[depth - 1][l];
        int *dst = cand[depth][l], *dv = vals[depth][l];
        long m = 0;
        int bv = -1000000, bb = -1000000, bn = 0, longer = 0;
        for (long i = 0; i < n; i++) {
            int p = src ? src[i] : (int)(off[l] + i);
            int s = pstart[p], len = plen[p];
            if (s > 0 && letter[cells[l][s - 1]] >= 0) continue;
            if (s + len < SQ && letter[cells[l][s + len]] >= 0) continue;
            const int8_t *w = plet + (long)p * SQ;
            int fixedvp = 0, newvp = 0, nnew = 0, ok = 1, j;
            for (j = 0; j < len; j++) {
                int sq = cells[l][s + j], c = w[j];
                if (letter[sq] >= 0) {
                    if (letter[sq] != c) { ok = 0; break; }
                    fixedvp += vp[c];
                } else {
                    if (blockc[sq]) { ok = 0; break; }
                    if (++need[c] > rem[c]) { ok = 0; j++; break; }
                    newvp += vp[c];
                    nnew++;
                }
            }
            for (int q = 0; q < j; q++) {
                int sq = cells[l][s + q];
                if (letter[sq] < 0) need[(int)w[q]] = 0;
            }
            if (!ok) continue;
            int v = pbonus[p] + fixedvp + 2 * newvp, base = pbonus[p] + fixedvp;
            dst[m] = p;
            dv[m] = v;
            m++;
            if (v > bv) bv = v;
            if (base > bb) bb = base;
            if (nnew > bn) bn = nnew;
            if (len >= cmin) longer = 1;
        }
        if (m == 0) return;
        ncand[depth][l] = (int)m;
        best[l] = bv;
        sum_best += bv;
        sum_base += bb;
        sum_new += bn;
        if (eligible[l] && longer) kcross++;
    }
    int r = letters_left();
    long crossbound = top_sum(kcross < r ? kcross : r);
    int nopen = 0;
    for (int x = 0; x < ncross; x++) {
        int sq = cross_sq[x];
        if (!filled[cross_a[x]] && !filled[cross_b[x]] && letter[sq] < 0 && !blockc[sq]) nopen++;
    }
    long q = sum_new < r ? sum_new : r;
    long b1 = acc + sum_best + crossbound;
    long b2 = acc + sum_base + 2 * top_sum((int)q) + top_sum((int)(q < nopen ? q : nopen))
              + crossbound;
    long bound = b1 < b2 ? b1 : b2;
    if (depth == 0) root_bound = bound;
    if (bound <= target) return;
    /* drop the placements that cannot reach the target with the other lines' best; branch
       on the line left with the fewest */
    int pick = -1;
    long fewest = 0;
    for (int l = 0; l < nl; l++) {
        if (filled[l]) continue;
        long rest = b1 - best[l];
        int *dst = cand[depth][l], *dv = vals[depth][l];
        long m = 0, n = ncand[depth][l];
        for (long i = 0; i < n; i++) {
            if (dv[i] + rest > target) {
                dst[m] = dst[i];
                dv[m] = dv[i];
                m++;
            }
        }
        if (m == 0) return;
        ncand[depth][l] = (int)m;
        if (pick < 0 || m < fewest) { pick = l; fewest = m; }
    }
    int l = pick;
    long n = ncand[depth][l];
    nch[depth] = n;
    if (depth == 0) {
        root_n = n;
        for (long i = 0; i < n; i++)
            root_weight[i] = (double)(vals[0][l][i] + (b1 - best[l]) - target);
    }
    filled[l] = 1;
    long first = 0, last = n;
    if (probing) {
        first = (long)(next_random() % (unsigned long long)n);
        last = first + 1;
        path_weight *= (double)n;
    }
    for (long i = first; i < last; i++) {
        int p = cand[depth][l][i], s = pstart[p], len = plen[p];
        const int8_t *w = plet + (long)p * SQ;
        for (int j = 0; j < len; j++) {
            int sq = cells[l][s + j];
            if (cover[sq]++ == 0) {
                letter[sq] = w[j];
                rem[(int)w[j]]--;
            }
        }
        if (s > 0) blockc[cells[l][s - 1]]++;
        if (s + len < SQ) blockc[cells[l][s + len]]++;
        chosen[l] = p;
        dfs(depth + 1, acc + vals[depth][l][i]);
        if (s > 0) blockc[cells[l][s - 1]]--;
        if (s + len < SQ) blockc[cells[l][s + len]]--;
        for (int j = 0; j < len; j++) {
            int sq = cells[l][s + j];
            if (--cover[sq] == 0) {
                rem[(int)w[j]]++;
                letter[sq] = -1;
            }
        }
        if (stopped) {
            if (snapshot < 0) progress_snapshot(depth);
            break;
        }
        ndone[depth]++;
        if (depth == 0) root_done = ndone[0];
    }
    filled[l] = 0;
    if (probing) path_weight /= (double)n;
}

/* Search (at most ``seconds`` of CPU time, ``wall_seconds`` of wall time when above 0 and
 * ``node_limit`` nodes when above 0); returns 0, or -1 when memory runs out.  out[0] nodes, out[1] sheets found above
 * the target, out[2] 1 when stopped by the limits, out[3] the fraction of the tree finished,
 * out[4] the root's children, out[5] of them finished, out[6] CPU seconds, out[7] wall
 * seconds, out[8] the root's bound (-1: no bound reached); with ``probes`` above 0 it makes
 * that many random dives instead and out[9..12] are the tree's size (nodes) each quarter of
 * them estimates. */
int girdle_bb(int lines, const int *line_cells, const int *line_eligible, int crossout_min,
              const int *letter_vp, const int *letters, const int *offsets,
              const uint8_t *starts, const uint8_t *lengths, const int8_t *word_letters,
              const int *bonuses, long want_above, double seconds, double wall_seconds,
              long node_limit, long probes,
              int *sheets, long max_sheets, double *weights, double *out)
{
    nl = lines;
    cmin = crossout_min;
    off = offsets;
    pstart = starts;
    plen = lengths;
    plet = word_letters;
    pbonus = bonuses;
    target = want_above;
    found = sheets;
    maxfound = max_sheets;
    root_weight = weights;
    for (int c = 0; c < 26; c++) { vp[c] = letter_vp[c]; rem[c] = letters[c]; vporder[c] = c; }
    for (int i = 1; i < 26; i++)
        for (int j = i; j > 0 && vp[vporder[j]] > vp[vporder[j - 1]]; j--) {
            int t = vporder[j]; vporder[j] = vporder[j - 1]; vporder[j - 1] = t;
        }
    memset(letter, -1, sizeof letter);
    memset(cover, 0, sizeof cover);
    memset(blockc, 0, sizeof blockc);
    ncross = 0;
    for (int l = 0; l < nl; l++) {
        filled[l] = 0;
        eligible[l] = line_eligible[l];
        for (int j = 0; j < SQ; j++) cells[l][j] = line_cells[l * SQ + j];
    }
    for (int a = 0; a < nl; a++)
        for (int b = a + 1; b < nl; b++)
            for (int i = 0; i < SQ; i++)
                for (int j = 0; j < SQ; j++)
                    if (cells[a][i] == cells[b][j] && ncross < 64) {
                        cross_sq[ncross] = cells[a][i];
                        cross_a[ncross] = a;
                        cross_b[ncross] = b;
                        ncross++;
                    }
    int status = 0;
    for (int d = 0; d <= nl; d++)
        for (int l = 0; l < nl; l++) {
            long n = off[l + 1] - off[l];
            cand[d][l] = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
            vals[d][l] = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
            if (!cand[d][l] || !vals[d][l]) status = -1;
        }
    nodes = 0;
    maxnodes = node_limit;
    cpu_limit = seconds;
    wall_limit = wall_seconds;
    root_bound = -1;
    stopped = 0;
    snapshot = -1.0;
    nfound = 0;
    root_n = 0;
    root_done = 0;
    t0 = clock();
    clock_gettime(CLOCK_MONOTONIC, &w0);
    probing = probes > 0;
    rng_state = 0x9E3779B97F4A7C15ULL;
    for (int b = 0; b < 4; b++) out[9 + b] = 0.0;
    if (status == 0 && probing) {
        /* four batches of dives, each batch's mean estimate kept to show the spread */
        for (long k = 0; k < probes; k++) {
            est_nodes = 0.0;
            path_weight = 1.0;
            dfs(0, 0);
            out[9 + (k * 4) / probes] += est_nodes / (double)(probes / 4 > 0 ? probes / 4 : 1);
        }
        probing = 0;
    } else if (status == 0) {
        dfs(0, 0);
    }
    double cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
    for (int d = 0; d <= nl; d++)
        for (int l = 0; l < nl; l++) {
            free(cand[d][l]);
            free(vals[d][l]);
            cand[d][l] = NULL;
            vals[d][l] = NULL;
        }
    out[0] = (double)nodes;
    out[1] = (double)nfound;
    out[2] = stopped;
    out[3] = stopped ? (snapshot < 0 ? 0.0 : snapshot) : 1.0;
    out[4] = (double)root_n;
    out[5] = (double)root_done;
    out[6] = cpu;
    out[7] = wall_since(&w0);
    out[8] = (double)root_bound;
    return status;
}

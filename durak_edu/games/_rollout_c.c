/* The compiled twin of durak_edu/games/rollout.py:_play — random playouts of attack–defence
 * games (R2, R6) on rank-major bit sets.
 *
 * It is a line-for-line translation of the Python function and must stay one: the tests play
 * every position out through the public API, the Python kernel and this one, and compare.
 * Random numbers come from the caller's own ``rng.getrandbits``, drawn exactly as
 * ``random.Random.choice`` draws them, so the three play the same moves.
 *
 * Optional: where no C compiler is available the package installs without it and the Python
 * kernel runs instead (setup.py marks the extension optional).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

typedef uint64_t u64;

#define MAXP 8       /* players */
#define MAXT 128     /* cards on the table (attack + defence) */
#define M1 0x5555555555555ULL
#define M2 0x3333333333333ULL
#define M4 0x1111111111111ULL
#define SIX_NIBBLE (0xFULL << 16)
#define BOUT_OVER (-2) /* to_act after a refusal: the bout ends at once (R3.4) */

#if defined(_MSC_VER)
#include <intrin.h>
static int popcount(u64 x) { return (int)__popcnt64(x); }
static int lowbit(u64 x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static int bitlen(u64 x) { unsigned long i; if (!x) return 0; _BitScanReverse64(&i, x); return (int)i + 1; }
#else
static int popcount(u64 x) { return __builtin_popcountll(x); }
static int lowbit(u64 x) { return __builtin_ctzll(x); }
static int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
#endif

static u64 C[53][53]; /* binomial coefficients */

/* -- one position for the repetition rule (R2.11, our decision) ------------------------------ */
typedef struct {
    u64 hands[MAXP];
    int nxt, tp, ndiscard, nout;
    int out[MAXP];
    long count;
} Pos;

typedef struct {
    Pos *items;
    Py_ssize_t len, cap;
} Seen;

static int pos_equal(const Pos *a, const Pos *b, int n) {
    if (a->nxt != b->nxt || a->tp != b->tp || a->ndiscard != b->ndiscard || a->nout != b->nout)
        return 0;
    for (int i = 0; i < a->nout; i++)
        if (a->out[i] != b->out[i]) return 0;
    for (int i = 0; i < n; i++)
        if (a->hands[i] != b->hands[i]) return 0;
    return 1;
}

/* Count one more visit of ``p``; return the new count, or -1 on a memory error. */
static long seen_visit(Seen *s, const Pos *p, int n, long add) {
    for (Py_ssize_t i = 0; i < s->len; i++)
        if (pos_equal(&s->items[i], p, n)) return s->items[i].count += add;
    if (s->len == s->cap) {
        Py_ssize_t cap = s->cap ? 2 * s->cap : 64;
        Pos *items = PyMem_Realloc(s->items, cap * sizeof(Pos));
        if (!items) { PyErr_NoMemory(); return -1; }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->len] = *p;
    s->items[s->len].count = add;
    return s->items[s->len++].count;
}

/* -- seats (R2.5, R2.9) ------------------------------------------------------------------------- */
typedef struct {
    int n, throw_in, clockwise;
    int out[MAXP], nout;
} Seats;

static int is_out(const Seats *s, int p) {
    for (int i = 0; i < s->nout; i++)
        if (s->out[i] == p) return 1;
    return 0;
}

static int next_seat(const Seats *s, int seat) {
    for (int k = 1; k <= s->n; k++) {
        int p = (seat + k) % s->n;
        if (!is_out(s, p)) return p;
    }
    return seat;
}

/* The next seat after ``seat`` that is active or is ``opener`` (R3.1). */
static int next_seat_or(const Seats *s, int seat, int opener) {
    for (int k = 1; k <= s->n; k++) {
        int p = (seat + k) % s->n;
        if (p == opener || !is_out(s, p)) return p;
    }
    return seat;
}

static int prev_seat(const Seats *s, int seat) {
    for (int k = 1; k <= s->n; k++) {
        int p = ((seat - k) % s->n + s->n) % s->n;
        if (!is_out(s, p)) return p;
    }
    return seat;
}

/* R2.5: the main attacker, then the others clockwise from the defender's left. */
static int throwers(const Seats *s, int attacker, int defender, int *order) {
    int len = 0;
    if (s->throw_in == 3) return 0; /* none */
    if (!is_out(s, attacker)) order[len++] = attacker;
    if (s->throw_in == 2) return len; /* the attacker only */
    int neighbours = s->throw_in == 1, left = 0, right = 0;
    if (neighbours) {
        left = next_seat(s, defender);
        right = prev_seat(s, defender);
        if (len && attacker != left && attacker != right) len = 0;
    }
    for (int k = 1; k < s->n; k++) {
        int p = (defender + k) % s->n;
        if (is_out(s, p) || p == defender || p == attacker) continue;
        if (neighbours && p != left && p != right) continue;
        order[len++] = p;
    }
    return len;
}

/* R2.9: the main attacker, the others clockwise from the defender's left, the defender last. */
static int drawers(const Seats *s, int attacker, int defender, int *order) {
    int seats[MAXP], k = 0, len = 0;
    if (s->clockwise) {
        for (int i = 0; i < s->n; i++) seats[k++] = (attacker + i) % s->n;
    } else {
        seats[k++] = attacker;
        for (int i = 1; i < s->n; i++) {
            int p = (defender + i) % s->n;
            if (p != attacker && p != defender) seats[k++] = p;
        }
        seats[k++] = defender;
    }
    for (int i = 0; i < k; i++)
        if (!is_out(s, seats[i])) order[len++] = seats[i];
    return len;
}

/* -- random numbers: random.Random._randbelow, from the caller's getrandbits ------------------ */
static int randbelow(PyObject *getrandbits, u64 count, u64 *out) {
    if (!count) { /* rng.choice([]) fails too: never loop for ever */
        PyErr_SetString(PyExc_RuntimeError, "playout: no legal action to choose from");
        return -1;
    }
    int k = bitlen(count);
    PyObject *bits = PyLong_FromLong(k);
    if (!bits) return -1;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(getrandbits, bits);
        if (!r) { Py_DECREF(bits); return -1; }
        u64 v = PyLong_AsUnsignedLongLong(r);
        Py_DECREF(r);
        if (v == (u64)-1 && PyErr_Occurred()) { Py_DECREF(bits); return -1; }
        if (v < count) { Py_DECREF(bits); *out = v; return 0; }
    }
}

static u64 nth_bit(u64 m, u64 j) {
    while (j--) m &= m - 1;
    return m & (~m + 1);
}

/* The j-th k-subset of cards[0..n) in itertools.combinations order, as a mask. */
static u64 nth_combination(const u64 *cards, int n, int k, u64 j) {
    u64 m = 0;
    int v = 0;
    for (int i = 0; i < k; i++) {
        for (;; v++) {
            u64 c = C[n - 1 - v][k - 1 - i];
            if (j < c) break;
            j -= c;
        }
        m |= cards[v++];
    }
    return m;
}

/* -- transfers (R3) --------------------------------------------------------------------------- */
typedef struct {
    int first_transfer, trump_on_table, by_last_card, proezdnoy, after_beating, only_new, refusal;
    int trump_suit;
} TransferRules;

typedef struct {
    u64 same[4];   /* the defender's cards of the attacking rank, lowest first */
    int nsame;
    int sizes[5];  /* how many of them he may add */
    int nsizes;
    u64 show;      /* the trump he may show instead (proezdnoy), 0: none */
    int target;    /* the next defender */
    int back;      /* the seat a refusal gives the cards back to, -1: none */
} Transfers;

/* Mirrors rollout._transfers (and AttackGame._diagnose_transfer). */
static void transfers(Transfers *t, const TransferRules *r, u64 h, const int *unbeaten,
                      int nunbeaten, const int *ta, const int *td, int ntable, const u64 *hands,
                      int defender, int attacker, const Seats *seats, int bout, int n_attack,
                      int limit, int talon_empty, unsigned shown, int refused, int opener) {
    t->nsame = t->nsizes = 0;
    t->show = 0;
    t->target = t->back = -1;
    if (!nunbeaten) return;
    int rank = unbeaten[0] & ~3;
    for (int i = 0; i < nunbeaten; i++)
        if ((unbeaten[i] & ~3) != rank) return;  /* R3.1: one rank to beat */
    if (bout == 0 && !r->first_transfer) return; /* R3.4 */
    int beaten = 0, trump_seen = 0;
    for (int i = 0; i < ntable; i++) {
        if (td[i] >= 0) beaten = 1;
        if (r->trump_suit >= 0 && ((ta[i] & 3) == r->trump_suit || (td[i] >= 0 && (td[i] & 3) == r->trump_suit)))
            trump_seen = 1;
    }
    if (beaten && !r->after_beating) return; /* R3.2 */
    if (trump_seen && !r->trump_on_table) return; /* R3.4 */
    for (u64 x = h & (0xFULL << rank); x; x &= x - 1) t->same[t->nsame++] = x & (~x + 1);
    if (!t->nsame) return;
    int target = next_seat(seats, defender);
    t->target = target;
    if (r->refusal && !refused && is_out(seats, attacker) && seats->n - seats->nout == 1
        && target == defender && !beaten)
        t->back = attacker;
    if (t->back < 0 && is_out(seats, opener) && next_seat_or(seats, defender, opener) == opener) {
        t->nsame = 0; /* R3.1: the opener went out; the transfer would come back round */
        return;
    }
    int held = popcount(hands[target]);
    for (int k = 1; k <= t->nsame; k++) {
        if (n_attack + k > limit) break; /* R3.2 and R2.6 */
        if (!r->by_last_card && talon_empty && k == popcount(h)) continue;
        int need = r->only_new ? k : nunbeaten + k;
        if (t->back >= 0 || (target != defender && held >= need)) t->sizes[t->nsizes++] = k;
    }
    if (r->proezdnoy && r->trump_suit >= 0 && !(shown >> defender & 1) && t->back < 0
        && target != defender && n_attack <= limit && held >= (r->only_new ? 1 : nunbeaten))
        for (int i = 0; i < t->nsame; i++)
            if ((lowbit(t->same[i]) & 3) == r->trump_suit) t->show = t->same[i];
}

/* -- reading the arguments ---------------------------------------------------------------------- */
/* One option of rollout.kernel_config, read by name. */
static int option(PyObject *config, const char *name, int *out) {
    PyObject *v = PyDict_GetItemString(config, name); /* borrowed */
    if (!v) {
        PyErr_Format(PyExc_KeyError, "kernel_config has no option %s", name);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (x < INT_MIN || x > INT_MAX) {
        PyErr_Format(PyExc_OverflowError, "kernel_config: %s=%ld is too large", name, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int read_masks(PyObject *list, u64 *out, int n, const char *what) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        PyErr_Format(PyExc_TypeError, "%s: a list of %d masks expected", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(list, i));
        if (out[i] == (u64)-1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static int read_seats(PyObject *tuple, int *out, int *len) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) > MAXP) {
        PyErr_SetString(PyExc_TypeError, "out: a tuple of seats expected");
        return -1;
    }
    *len = (int)PyTuple_GET_SIZE(tuple);
    for (int i = 0; i < *len; i++) {
        out[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (out[i] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static PyObject *masks_list(const u64 *m, int n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(m[i]);
        if (!v) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static PyObject *seats_tuple(const int *seats, int len) {
    PyObject *t = PyTuple_New(len);
    if (!t) return NULL;
    for (int i = 0; i < len; i++) {
        PyObject *v = PyLong_FromLong(seats[i]);
        if (!v) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static int read_seen(PyObject *dict, Seen *seen, int n) {
    PyObject *key, *value;
    Py_ssize_t i = 0;
    if (!PyDict_Check(dict)) { PyErr_SetString(PyExc_TypeError, "seen: a dict expected"); return -1; }
    while (PyDict_Next(dict, &i, &key, &value)) {
        Pos p;
        memset(&p, 0, sizeof p);
        PyObject *hands;
        PyObject *out;
        if (!PyArg_ParseTuple(key, "O!iiiO!", &PyTuple_Type, &hands, &p.nxt, &p.tp, &p.ndiscard,
                              &PyTuple_Type, &out))
            return -1;
        if (PyTuple_GET_SIZE(hands) != n) { PyErr_SetString(PyExc_ValueError, "seen: bad key"); return -1; }
        for (int j = 0; j < n; j++) {
            p.hands[j] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, j));
            if (PyErr_Occurred()) return -1;
        }
        if (read_seats(out, p.out, &p.nout) < 0) return -1;
        long count = PyLong_AsLong(value);
        if (count == -1 && PyErr_Occurred()) return -1;
        if (seen_visit(seen, &p, n, count) < 0) return -1;
    }
    return 0;
}

/* -- the playout ------------------------------------------------------------------------------ */
static PyObject *play(PyObject *self, PyObject *args) {
    (void)self;
    int n, tp, n_discard, trump_pos, bout, attacker, defender, to_act, n_attack, taking, opening;
    int repetitions, settled, refused, opener;
    unsigned long long run_arg, shown_arg;
    PyObject *hands_o, *known_o, *talon_o, *beaters_o, *config_o, *out_o, *table_o, *seen_o;
    PyObject *getrandbits;
    if (!PyArg_ParseTuple(args, "iOOOiiiOO!OiiiiOipKpOOiiKpi", &n, &hands_o, &known_o, &talon_o,
                          &tp, &n_discard, &trump_pos, &beaters_o, &PyDict_Type, &config_o,
                          &out_o, &bout, &attacker, &defender, &to_act, &table_o, &n_attack,
                          &taking, &run_arg, &opening, &seen_o, &getrandbits, &repetitions,
                          &settled, &shown_arg, &refused, &opener))
        return NULL;
    if (n < 2 || n > MAXP) return PyErr_Format(PyExc_ValueError, "players: 2..%d", MAXP);

    int hand_size, first_limit, later_limit, rank_of_defence, one_at_a_time, share_short;
    int repetition, draws, keeps_turn, transfer;
    TransferRules tr;
    Seats seats;
    memset(&seats, 0, sizeof seats);
    seats.n = n;
    if (option(config_o, "hand_size", &hand_size) < 0
        || option(config_o, "first_bout_limit", &first_limit) < 0
        || option(config_o, "bout_limit", &later_limit) < 0
        || option(config_o, "throw_in_ranks_table", &rank_of_defence) < 0
        || option(config_o, "throw_one_at_a_time", &one_at_a_time) < 0
        || option(config_o, "share_short_talon", &share_short) < 0
        || option(config_o, "repetition_draw", &repetition) < 0
        || option(config_o, "draws", &draws) < 0
        || option(config_o, "taker_keeps_turn", &keeps_turn) < 0
        || option(config_o, "draw_clockwise", &seats.clockwise) < 0
        || option(config_o, "throw_in", &seats.throw_in) < 0
        || option(config_o, "transfer", &transfer) < 0
        || option(config_o, "transfer_in_first_bout", &tr.first_transfer) < 0
        || option(config_o, "transfer_with_trump_on_table", &tr.trump_on_table) < 0
        || option(config_o, "transfer_by_last_card", &tr.by_last_card) < 0
        || option(config_o, "proezdnoy", &tr.proezdnoy) < 0
        || option(config_o, "transfer_after_beating", &tr.after_beating) < 0
        || option(config_o, "transfer_beat_only_new", &tr.only_new) < 0
        || option(config_o, "refusal", &tr.refusal) < 0
        || option(config_o, "trump_suit", &tr.trump_suit) < 0)
        return NULL;

    u64 hands[MAXP], known[MAXP], beaters[52];
    if (read_masks(hands_o, hands, n, "hands") < 0 || read_masks(known_o, known, n, "known") < 0
        || read_masks(beaters_o, beaters, 52, "beaters") < 0 || read_seats(out_o, seats.out, &seats.nout) < 0)
        return NULL;
    int talon[52], tlen;
    if (!PyList_Check(talon_o) || PyList_GET_SIZE(talon_o) > 52)
        return PyErr_Format(PyExc_TypeError, "talon: a list of at most 52 positions expected");
    tlen = (int)PyList_GET_SIZE(talon_o);
    for (int i = 0; i < tlen; i++) talon[i] = (int)PyLong_AsLong(PyList_GET_ITEM(talon_o, i));

    int ta[MAXT], td[MAXT], ntable = 0; /* the table: attack and defence positions (-1: none) */
    int unbeaten[MAXT], nunbeaten = 0;
    u64 ranks = 0;
    if (!PyList_Check(table_o) || PyList_GET_SIZE(table_o) > MAXT)
        return PyErr_Format(PyExc_TypeError, "table: a list of pairs expected");
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(table_o); i++) {
        PyObject *pair = PyList_GET_ITEM(table_o, i);
        if (!PyList_Check(pair) || PyList_GET_SIZE(pair) != 2)
            return PyErr_Format(PyExc_TypeError, "table: [attack, defence] pairs expected");
        ta[ntable] = (int)PyLong_AsLong(PyList_GET_ITEM(pair, 0));
        td[ntable] = (int)PyLong_AsLong(PyList_GET_ITEM(pair, 1));
        if (td[ntable] < 0 && ntable >= settled) unbeaten[nunbeaten++] = ta[ntable];
        ranks |= 0xFULL << (ta[ntable] & ~3);
        if (td[ntable] >= 0 && rank_of_defence) ranks |= 0xFULL << (td[ntable] & ~3);
        ntable++;
    }
    if (PyErr_Occurred()) return NULL;

    Seen seen = {NULL, 0, 0};
    if (read_seen(seen_o, &seen, n) < 0) { PyMem_Free(seen.items); return NULL; }

    int discard[104], ndiscard = 0;
    unsigned run = (unsigned)run_arg, shown = (unsigned)shown_arg;
    Transfers tf;
    int order[MAXP], norder, draw_order[MAXP], ndraw;
    norder = throwers(&seats, attacker, defender, order);
    ndraw = drawers(&seats, attacker, defender, draw_order);
    int end_repetition = 0, durak = -1, took_last = 0, nfinal = 0, final_attack[MAXT];

    for (;;) {
        int limit = bout == 0 ? first_limit : later_limit;
        int seat = -1;
        u64 m = 0, j;
        if (opening) {
            /* R2.2: one card or several of one rank, at most the limit (R2.6) */
            u64 h = hands[attacker];
            int most = limit;
            if (most > 4) most = 4;
            if (most > popcount(hands[defender])) most = popcount(hands[defender]);
            u64 singles = (u64)popcount(h), count = singles, multi = 0;
            if (most > 1) {
                u64 x = (h & M1) + ((h >> 1) & M1);
                x = (x & M2) + ((x >> 2) & M2);
                multi = ((x >> 1) | (x >> 2)) & M4; /* one bit per rank held twice or more */
                for (u64 b = multi; b; b &= b - 1) {
                    int c = popcount((h >> lowbit(b)) & 0xF);
                    for (int k = 2; k <= most; k++) count += C[c][k];
                }
            }
            if (randbelow(getrandbits, count, &j) < 0) goto fail;
            if (j < singles) {
                m = nth_bit(h, j);
            } else {
                j -= singles;
                for (int k = 2; k <= most && !m; k++) {
                    for (u64 b = multi; b && !m; b &= b - 1) {
                        int shift = lowbit(b);
                        u64 cards[4];
                        int nc = 0;
                        for (u64 x = (h >> shift) & 0xF; x; x &= x - 1) cards[nc++] = (x & (~x + 1)) << shift;
                        if (j < C[nc][k]) m = nth_combination(cards, nc, k, j);
                        else j -= C[nc][k];
                    }
                }
            }
            n_attack = 0;
            for (u64 x = m; x; x &= x - 1) {
                int pos = lowbit(x);
                ta[ntable] = pos; td[ntable++] = -1;
                unbeaten[nunbeaten++] = pos;
                ranks |= 0xFULL << (pos & ~3);
                n_attack++;
            }
            seat = attacker;
            opening = 0;
            to_act = defender;
        } else if (to_act == defender && !taking) {
            /* R2.3: beat one unbeaten card; R3: transfer (perevodnoy); R2.7: take. Listed so. */
            u64 h = hands[defender], count = 1;
            for (int i = 0; i < nunbeaten; i++) count += popcount(h & beaters[unbeaten[i]]);
            u64 beats = count - 1;
            tf.nsizes = 0;
            tf.show = 0;
            if (transfer) {
                transfers(&tf, &tr, h, unbeaten, nunbeaten, ta, td, ntable, hands, defender,
                          attacker, &seats, bout, n_attack, limit, tp == tlen, shown, refused,
                          opener);
                for (int i = 0; i < tf.nsizes; i++) count += C[tf.nsame][tf.sizes[i]];
                if (tf.show) count++;
            }
            if (randbelow(getrandbits, count, &j) < 0) goto fail;
            seat = defender;
            if (j < beats) {
                for (int i = 0; i < nunbeaten; i++) {
                    int a = unbeaten[i];
                    u64 options = h & beaters[a];
                    u64 c = (u64)popcount(options);
                    if (j < c) {
                        m = nth_bit(options, j);
                        int pos = lowbit(m);
                        for (int t = 0; t < ntable; t++)
                            if (ta[t] == a) { td[t] = pos; break; }
                        memmove(&unbeaten[i], &unbeaten[i + 1], (nunbeaten - i - 1) * sizeof(int));
                        nunbeaten--;
                        if (rank_of_defence) ranks |= 0xFULL << (pos & ~3);
                        break;
                    }
                    j -= c;
                }
                if (nunbeaten) {
                    to_act = defender;
                } else {
                    run = 0;
                    to_act = attacker; /* R2.5: the round starts again with the main attacker */
                }
            } else if (j == count - 1) {
                taking = 1;
                run = 0;
                to_act = attacker;
            } else {
                /* R3.1: add cards of the attacking rank (or show its trump, R3.4) and pass the
                 * attack on; R3.3: the transferring player becomes the main attacker */
                j -= beats;
                int added = 0;
                for (int i = 0; i < tf.nsizes; i++) {
                    int k = tf.sizes[i];
                    if (j < C[tf.nsame][k]) {
                        m = nth_combination(tf.same, tf.nsame, k, j);
                        added = k;
                        break;
                    }
                    j -= C[tf.nsame][k];
                }
                if (added) {
                    if (tr.only_new) nunbeaten = 0; /* R3.4 (perevodnoy 3): the old cards need no beating */
                    for (u64 x = m; x; x &= x - 1) {
                        int pos = lowbit(x);
                        ta[ntable] = pos; td[ntable++] = -1;
                        unbeaten[nunbeaten++] = pos;
                    }
                    n_attack += added;
                } else {
                    shown |= 1u << defender;
                    known[defender] |= tf.show;
                }
                attacker = defender;
                defender = tf.target;
                run = 0;
                if (tf.back >= 0) { /* R3.4 refusal: the cards go back to the player who went out */
                    refused = 1;
                    defender = tf.back;
                    taking = 1;
                    to_act = BOUT_OVER;
                } else {
                    to_act = defender;
                }
                norder = throwers(&seats, attacker, defender, order);
                ndraw = drawers(&seats, attacker, defender, draw_order);
            }
        } else {
            /* R2.4: a thrower throws in cards of ranks on the table, or passes */
            seat = to_act;
            int room = limit - n_attack;
            int held = popcount(hands[defender]) - nunbeaten;
            if (held < room) room = held;
            if (one_at_a_time && seat != attacker && room > 1) room = 1;
            u64 cards[52];
            int nc = 0;
            for (u64 x = hands[seat] & ranks; x; x &= x - 1) cards[nc++] = x & (~x + 1);
            if (nc < room) room = nc;
            u64 count = 0;
            for (int k = 1; k <= room; k++) count += C[nc][k];
            if (randbelow(getrandbits, count + 1, &j) < 0) goto fail;
            if (j == count) { /* pass */
                run |= 1u << seat;
                int next = -1;
                for (int i = 0; i < norder; i++)
                    if (order[i] == seat) { next = order[(i + 1) % norder]; break; }
                to_act = next;
            } else {
                for (int k = 1; k <= room; k++) {
                    if (j < C[nc][k]) { m = nth_combination(cards, nc, k, j); break; }
                    j -= C[nc][k];
                }
                for (u64 x = m; x; x &= x - 1) {
                    int pos = lowbit(x);
                    ta[ntable] = pos; td[ntable++] = -1;
                    unbeaten[nunbeaten++] = pos;
                    n_attack++;
                }
                run = 0;
                to_act = taking ? seat : defender;
            }
        }
        if (m) { /* the cards leave the hand; R2.10: with the talon empty, an empty hand is out */
            hands[seat] &= ~m;
            known[seat] &= ~m;
            if (!hands[seat] && tp == tlen && !is_out(&seats, seat)) {
                if (to_act == seat) {
                    /* R2.5: out by a throw-in while the defender takes: priority goes on to
                     * the next thrower after him in the order */
                    for (int i = 0; i < norder; i++)
                        if (order[i] == seat) { to_act = order[(i + 1) % norder]; break; }
                }
                seats.out[seats.nout++] = seat;
                norder = throwers(&seats, attacker, defender, order);
                ndraw = drawers(&seats, attacker, defender, draw_order);
            }
        }
        if (to_act == defender && !taking) continue;
        if (to_act != BOUT_OVER) {
            /* R2.5: priority goes round the throwers from to_act, skipping those who have passed
             * since the table last changed or have nothing to throw */
            int room = limit - n_attack;
            int held = popcount(hands[defender]) - nunbeaten;
            if (held < room) room = held;
            int next = -1;
            if (room > 0 && norder) {
                int i0 = 0;
                for (int i = 0; i < norder; i++)
                    if (order[i] == to_act) { i0 = i; break; }
                for (int i = 0; i < norder; i++) {
                    int p = order[(i0 + i) % norder];
                    if (run >> p & 1) continue;
                    if (hands[p] & ranks) { next = p; break; }
                    run |= 1u << p;
                }
            }
            to_act = next;
            if (next >= 0) continue;
        }

        /* -- the bout is over (R2.7, R2.8) -------------------------------------------------- */
        if (PyErr_CheckSignals() < 0) goto fail; /* Ctrl-C: the game is left as it was */
        int took = taking;
        u64 all = 0;
        for (int t = 0; t < ntable; t++) {
            all |= 1ULL << ta[t];
            if (td[t] >= 0) all |= 1ULL << td[t];
        }
        if (took) {
            hands[defender] |= all;
            known[defender] |= all; /* R0: picked-up cards are public */
            if (is_out(&seats, defender)) { /* R3.4 refusal: the player who had gone out is back in */
                int k = 0;
                for (int i = 0; i < seats.nout; i++)
                    if (seats.out[i] != defender) seats.out[k++] = seats.out[i];
                seats.nout = k;
            }
        } else {
            for (int t = 0; t < ntable; t++) {
                discard[ndiscard++] = ta[t];
                if (td[t] >= 0) discard[ndiscard++] = td[t];
            }
        }
        /* R2.9: draw up to hand_size, attacker first, then clockwise, the defender last */
        if (tp < tlen) {
            int needs[MAXP], total = 0;
            for (int i = 0; i < ndraw; i++) {
                needs[i] = hand_size - popcount(hands[draw_order[i]]);
                if (needs[i] < 0) needs[i] = 0;
                total += needs[i];
            }
            if (share_short && total > tlen - tp) {
                while (tp < tlen && total) {
                    for (int i = 0; i < ndraw; i++) {
                        if (tp < tlen && needs[i]) {
                            hands[draw_order[i]] |= 1ULL << talon[tp++];
                            needs[i]--;
                            total--;
                        }
                    }
                }
            } else {
                for (int i = 0; i < ndraw; i++)
                    for (int k = 0; k < needs[i] && tp < tlen; k++)
                        hands[draw_order[i]] |= 1ULL << talon[tp++];
            }
            if (tp == tlen && trump_pos >= 0)
                for (int i = 0; i < ndraw; i++)
                    if (hands[draw_order[i]] >> trump_pos & 1)
                        known[draw_order[i]] |= 1ULL << trump_pos; /* R0: seen by all */
        }
        if (tp == tlen) {
            for (int i = 0; i < ndraw; i++) { /* R2.10: with the talon empty, an empty hand is out */
                int p = draw_order[i];
                if (!hands[p] && !is_out(&seats, p)) seats.out[seats.nout++] = p;
            }
            /* R2.11: the game ends when at most one player holds cards */
            int holders = 0, holder = -1;
            for (int p = 0; p < n; p++)
                if (hands[p]) { holders++; if (holder < 0) holder = p; }
            if (holders <= 1) {
                durak = holders ? holder : (draws ? -1 : defender);
                took_last = took && durak == defender;
                for (int t = 0; t < ntable; t++) final_attack[nfinal++] = ta[t];
                break;
            }
        }
        ntable = nunbeaten = n_attack = taking = refused = 0;
        shown = 0;
        ranks = 0;
        run = 0;
        bout++;
        int nxt = (took && !keeps_turn) || (!took && is_out(&seats, defender))
                  ? next_seat(&seats, defender) : defender;
        if (repetition) {
            Pos p;
            memset(&p, 0, sizeof p);
            memcpy(p.hands, hands, n * sizeof(u64));
            p.nxt = nxt;
            p.tp = tp;
            p.ndiscard = n_discard + ndiscard;
            p.nout = seats.nout;
            memcpy(p.out, seats.out, seats.nout * sizeof(int));
            long count = seen_visit(&seen, &p, n, 1);
            if (count < 0) goto fail;
            if (count >= repetitions) { end_repetition = 1; break; }
        }
        attacker = opener = nxt;
        defender = next_seat(&seats, nxt);
        norder = throwers(&seats, attacker, defender, order);
        ndraw = drawers(&seats, attacker, defender, draw_order);
        opening = 1;
        to_act = attacker;
    }
    PyMem_Free(seen.items);

    PyObject *end;
    if (end_repetition) {
        end = Py_NewRef(Py_None);
    } else {
        PyObject *fa = PyList_New(nfinal);
        if (!fa) return NULL;
        for (int i = 0; i < nfinal; i++) PyList_SET_ITEM(fa, i, PyLong_FromLong(final_attack[i]));
        end = Py_BuildValue("(iON)", durak, took_last ? Py_True : Py_False, fa);
        if (!end) return NULL;
    }
    PyObject *disc = PyList_New(ndiscard);
    if (!disc) { Py_DECREF(end); return NULL; }
    for (int i = 0; i < ndiscard; i++) PyList_SET_ITEM(disc, i, PyLong_FromLong(discard[i]));
    return Py_BuildValue("(NNiNNiiiN)", masks_list(hands, n), masks_list(known, n), tp, disc,
                         seats_tuple(seats.out, seats.nout), bout, attacker, defender, end);
fail:
    PyMem_Free(seen.items);
    return NULL;
}

static PyMethodDef methods[] = {
    {"play", play, METH_VARARGS, "Play an attack–defence position out (see rollout._play)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_rollout_c",
    .m_doc = "Compiled random playouts for durak_edu.games.rollout.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__rollout_c(void) {
    for (int i = 0; i < 53; i++) {
        C[i][0] = 1;
        for (int k = 1; k <= i; k++) C[i][k] = C[i - 1][k - 1] + (k < i ? C[i - 1][k] : 0);
    }
    return PyModule_Create(&module);
}

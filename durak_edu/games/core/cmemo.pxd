# The exact ending search's transposition table in C (issue 29): positions keyed by two 64-bit
# words (``solver.canonical``'s key) to an entry (``solver._entry``), open addressing with
# linear probing over one array of slots, the exact key kept in each slot (no false hits: the
# search is exact), doubled when 70 % full. A .pxd with no .py, compiled only, like cbits.pxd:
# as plain Python solver.py imports memo.py's twins (a dict) instead.

cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    typedef struct { unsigned long long hi, lo; unsigned int val; } durak_edu_memo_slot;
    typedef struct { durak_edu_memo_slot *slots; size_t mask, used; } durak_edu_memo;

    /* the key (hi, lo)'s first slot (its home) */
    static inline size_t durak_edu_memo_home(const durak_edu_memo *t, unsigned long long hi,
                                             unsigned long long lo) {
        unsigned long long h = hi * 0x9E3779B97F4A7C15ULL ^ lo * 0xC2B2AE3D27D4EB4FULL;
        h ^= h >> 31;
        h *= 0xD6E8FEB86659FD93ULL;
        h ^= h >> 32;
        return (size_t)h & t->mask;
    }

    static inline size_t durak_edu_memo_at(const durak_edu_memo *t, unsigned long long hi,
                                           unsigned long long lo) {
        /* val 0: an empty slot (an entry is stored as val - 1) */
        size_t i = durak_edu_memo_home(t, hi, lo);
        while (t->slots[i].val && (t->slots[i].hi != hi || t->slots[i].lo != lo))
            i = (i + 1) & t->mask;
        return i;
    }

    /* ``n`` empty slots; on Linux, a large table in huge pages where the kernel gives them
       (a look-up is one random access: with 4 KiB pages most are a TLB miss too) */
    static durak_edu_memo_slot *durak_edu_memo_slots(size_t n) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        size_t bytes = n * sizeof(durak_edu_memo_slot);
        void *p = NULL;
        if (bytes >= ((size_t)2 << 20)) {
            if (posix_memalign(&p, (size_t)2 << 20, bytes)) return NULL;
            madvise(p, bytes, MADV_HUGEPAGE);
            memset(p, 0, bytes);
            return (durak_edu_memo_slot *)p;
        }
    #endif
        return (durak_edu_memo_slot *)calloc(n, sizeof(durak_edu_memo_slot));
    }

    /* a table of at least ``slots`` slots (a power of two, 65,536 at least): a search that
       expects many positions starts big rather than doubling its way there */
    static durak_edu_memo *durak_edu_memo_new(size_t slots) {
        durak_edu_memo *t = (durak_edu_memo *)malloc(sizeof(durak_edu_memo));
        size_t n = (size_t)1 << 16;
        if (!t) return NULL;
        while (n < slots) n *= 2;
        t->mask = n - 1;
        t->used = 0;
        t->slots = durak_edu_memo_slots(t->mask + 1);
        if (!t->slots) { free(t); return NULL; }
        return t;
    }

    static void durak_edu_memo_free(durak_edu_memo *t) {
        if (t) { free(t->slots); free(t); }
    }

    static inline long long durak_edu_memo_get(const durak_edu_memo *t, unsigned long long hi,
                                               unsigned long long lo) {
        unsigned int v = t->slots[durak_edu_memo_at(t, hi, lo)].val;
        return v ? (long long)v - 1 : -1;
    }

    /* the key (hi, lo)'s home slot fetched into the cache, for a look-up a little later
       (most look-ups of a large table miss the cache: the search makes the next child while
       this one's slot is fetched) */
    static inline void durak_edu_memo_fetch(const durak_edu_memo *t, unsigned long long hi,
                                            unsigned long long lo) {
    #if defined(__GNUC__)
        __builtin_prefetch(&t->slots[durak_edu_memo_home(t, hi, lo)]);
    #endif
    }

    static int durak_edu_memo_grow(durak_edu_memo *t) {
        durak_edu_memo old = *t;
        size_t i, j;
        durak_edu_memo_slot *slots = durak_edu_memo_slots((old.mask + 1) * 2);
        if (!slots) return -1;
        t->slots = slots;
        t->mask = old.mask * 2 + 1;
        for (i = 0; i <= old.mask; i++) {
            if (old.slots[i].val) {
                j = durak_edu_memo_at(t, old.slots[i].hi, old.slots[i].lo);
                t->slots[j] = old.slots[i];
            }
        }
        free(old.slots);
        return 0;
    }

    /* the entry of the key (hi, lo) set to ``entry``: 0, or -1 where memory ran out */
    static inline int durak_edu_memo_put(durak_edu_memo *t, unsigned long long hi,
                                         unsigned long long lo, unsigned int entry) {
        size_t i = durak_edu_memo_at(t, hi, lo);
        if (!t->slots[i].val) {
            if ((t->used + 1) * 10 > (t->mask + 1) * 7) {
                if (durak_edu_memo_grow(t)) return -1;
                i = durak_edu_memo_at(t, hi, lo);
            }
            t->slots[i].hi = hi;
            t->slots[i].lo = lo;
            t->used++;
        }
        t->slots[i].val = entry + 1;
        return 0;
    }

    static inline long long durak_edu_memo_used(const durak_edu_memo *t) {
        return (long long)t->used;
    }
    """
    ctypedef struct durak_edu_memo:
        pass
    durak_edu_memo* memo_new "durak_edu_memo_new"(size_t) nogil
    void memo_free "durak_edu_memo_free"(durak_edu_memo*) nogil
    long long memo_get "durak_edu_memo_get"(durak_edu_memo*, unsigned long long,
                                            unsigned long long) nogil
    int memo_put "durak_edu_memo_put"(durak_edu_memo*, unsigned long long, unsigned long long,
                                      unsigned int) nogil
    long long memo_used "durak_edu_memo_used"(durak_edu_memo*) nogil
    void memo_fetch "durak_edu_memo_fetch"(durak_edu_memo*, unsigned long long,
                                           unsigned long long) nogil

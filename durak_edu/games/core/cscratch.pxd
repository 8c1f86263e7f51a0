# The exact ending search's scratch memory in C (issue 29): one growable array of 64-bit words
# the search keeps its nodes' moves, orders and children in, a frame a node, each below its
# parent's (``Search.stk``), so no list, tuple or Python int is made per node. A .pxd with no
# .py, compiled only, like cmemo.pxd: as plain Python solver.py imports scratch.py's twins (a
# list) instead.

cdef extern from *:
    """
    #include <stdlib.h>

    /* an array of ``n`` words (NULL where memory ran out) */
    static unsigned long long *durak_edu_scratch_new(size_t n) {
        return (unsigned long long *)calloc(n, sizeof(unsigned long long));
    }

    /* ``p`` grown to ``n`` words, its words kept (NULL where memory ran out: ``p`` is kept) */
    static unsigned long long *durak_edu_scratch_grow(unsigned long long *p, size_t n) {
        return (unsigned long long *)realloc(p, n * sizeof(unsigned long long));
    }

    static void durak_edu_scratch_free(unsigned long long *p) {
        free(p);
    }

    /* the ``n`` words from ``p[start]`` sorted upwards in place: an insertion sort (a node
       has a few dozen moves at most; the words are distinct, so any sort gives one order) */
    static inline void durak_edu_scratch_sort(unsigned long long *p, size_t start, size_t n) {
        unsigned long long *a = p + start, x;
        size_t i, j;
        for (i = 1; i < n; i++) {
            x = a[i];
            for (j = i; j > 0 && a[j - 1] > x; j--)
                a[j] = a[j - 1];
            a[j] = x;
        }
    }
    """
    unsigned long long* scratch_new "durak_edu_scratch_new"(size_t) nogil
    unsigned long long* scratch_grow "durak_edu_scratch_grow"(unsigned long long*, size_t) nogil
    void scratch_free "durak_edu_scratch_free"(unsigned long long*) nogil
    void scratch_sort "durak_edu_scratch_sort"(unsigned long long*, size_t, size_t) nogil

# C types for solver.py (an augmenting .pxd; see state.pxd): the ending search's hot loop.
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.cbits cimport lowest, popcount
from durak_edu.games.core.moves cimport Menu, count_menu, menu, moves, nth_of_menu
from durak_edu.games.core.apply cimport apply
from durak_edu.games.core.cmemo cimport (durak_edu_memo, memo_new, memo_free, memo_get, memo_put,
                                         memo_used, memo_fetch)
from durak_edu.games.core.solver_key cimport key_words
from durak_edu.games.core.cscratch cimport scratch_new, scratch_grow, scratch_free, scratch_sort

cdef int _NO_CUT, _FRESH, _SHIFT, _K_ATTACK, _K_BEAT, _K_TRANSFER, _K_THROW, _K_PASS, _BEAT, _ORDER
cdef int _N_RANKS
cdef unsigned long long _SUIT, _PAYLOAD, _BEAT_LOW, _PASS_MOVE, _ONE, _LOW16, _NIBBLE


@cython.final
cdef class Table:
    cdef dict keyed
    cdef durak_edu_memo* words

    cpdef long long size(self) noexcept

    @cython.locals(got=object)
    cpdef int find(self, object key, unsigned long long hi,
                   unsigned long long lo) except? -2

    cpdef void keep(self, object key, unsigned long long hi, unsigned long long lo,
                    long long entry) except *


cdef class Search:
    cdef public tuple root
    cdef public int me
    cdef public long long limit
    cdef public Table table
    cdef list pool, menus
    cdef Menu made
    cdef unsigned long long at_table, at_unbeaten
    cdef public unsigned long long trumps
    cdef public bint counts_matter, masks, single, close, twins, suits, verdicts, lean, ranks, seats
    cdef public int trump_suit

    cdef unsigned long long* stk
    cdef Py_ssize_t cap

    cdef int _ask(self, tuple node, int alpha, int beta, object key) except? -9

    @cython.locals(st=CoreState, c=CoreState)
    cdef tuple _play(self, tuple node, unsigned long long move)

    @cython.locals(pool=list, row=list)
    cdef void _row(self, int depth, int n) except *

    @cython.locals(cap=Py_ssize_t, grown=cython.p_ulonglong)
    cdef void _grow(self, Py_ssize_t n) except *

    @cython.locals(taking=cython.bint, kind=cython.int, m=cython.ulonglong, mm=Menu)
    cdef int _advance(self, CoreState c, unsigned long long table, unsigned long long unbeaten,
                      unsigned long long move) except -1

    @cython.locals(durak=cython.int)
    cdef int _score(self, CoreState st) except? -9

    @cython.locals(h0=cython.ulonglong, h1=cython.ulonglong, flags=cython.ulonglong,
                   pile=cython.int)
    cdef object _key(self, CoreState st, unsigned long long table, unsigned long long unbeaten)

    @cython.locals(hi=cython.ulonglong, lo=cython.ulonglong, high=object)
    cpdef object key(self, tuple node)

    @cython.locals(flags=cython.ulonglong)
    cdef (unsigned long long, unsigned long long) _words(
        self, CoreState st, unsigned long long table, unsigned long long unbeaten)

    @cython.locals(entry=cython.longlong, lo=cython.int, hi=cython.int, first=cython.int,
                   a=cython.int, b=cython.int, a0=cython.int, b0=cython.int,
                   n=cython.int, buf=cython.p_ulonglong, i=cython.int, t=cython.int,
                   mine=cython.bint, best=cython.int, best_i=cython.int, v=cython.int,
                   c=CoreState, tab=Table, size=cython.longlong)
    cdef int _value(self, CoreState st, unsigned long long table, unsigned long long unbeaten,
                    int alpha, int beta, object key, int depth, Py_ssize_t sp, bint known,
                    unsigned long long kh, unsigned long long kl, Menu mm) except? -9

    @cython.locals(buf=cython.p_ulonglong, out=Py_ssize_t, k=cython.int, other=cython.ulonglong,
                   own=cython.ulonglong, breaks=cython.bint, single=cython.bint, i=cython.int,
                   r=cython.longlong, q=cython.int, skip=cython.ulonglong, t=cython.int,
                   m=cython.ulonglong, kind=cython.int)
    cdef int _tried(self, CoreState st, unsigned long long table, Py_ssize_t sp, int n) except -1

    @cython.locals(mine=cython.bint, close=cython.bint, keys=list, tried=Py_ssize_t,
                   kid=Py_ssize_t, order_at=Py_ssize_t, buf=cython.p_ulonglong, k=cython.int,
                   row=list, menus=list,
                   q=cython.int, i=cython.int, klo=cython.int, khi=cython.int,
                   s=cython.ulonglong, j=cython.int, v=cython.int, w=Py_ssize_t)
    cdef int _others(self, CoreState st, unsigned long long table, unsigned long long unbeaten,
                     Py_ssize_t sp, int n, int t, object key, unsigned long long kh,
                     unsigned long long kl, int a, int b, int a0, int b0, int lo, int hi,
                     int best, int best_i, int depth) except? -9

    @cython.locals(buf=cython.p_ulonglong, ct=cython.ulonglong, cu=cython.ulonglong,
                   w=Py_ssize_t, ch=cython.ulonglong, cl=cython.ulonglong)
    cdef int _made(self, CoreState st, CoreState c, list menus, unsigned long long table,
                   unsigned long long unbeaten, Py_ssize_t sp, int n, int j,
                   list keys) except -1

    @cython.locals(tab=Table, buf=cython.p_ulonglong, i=cython.int, w=Py_ssize_t,
                   ended=cython.int, e=cython.longlong, klo=cython.int, khi=cython.int,
                   rank=cython.ulonglong)
    cdef int _known(self, Py_ssize_t sp, int n, int j, object ck, object key,
                    unsigned long long kh, unsigned long long kl, bint mine, bint kmine, int a,
                    int b, int lo, int hi) except? -9

    cdef int _keep(self, object key, unsigned long long kh, unsigned long long kl, int best,
                   int best_i, int a0, int b0, int lo, int hi, bint mine) except? -9


cdef unsigned long long _hand(CoreState st, int seat) noexcept

cdef int _entry(int lo, int hi, int best, bint mine) noexcept

cdef bint _holds(unsigned long long* buf, Py_ssize_t start, int n, unsigned long long i) noexcept

@cython.locals(n=cython.int, keys=list, i=cython.int, r=cython.longlong)
cpdef list order(list ms, bint single, unsigned long long trumps, bint breaks=*,
                 unsigned long long other=*, unsigned long long own=*)

@cython.locals(k=cython.int, score=cython.longlong, p=cython.ulonglong, cards=cython.int,
               d=cython.int, c1=cython.int)
cdef long long _rank(unsigned long long m, bint single, unsigned long long trumps, bint breaks,
                     unsigned long long other, unsigned long long own) noexcept

@cython.locals(u=cython.int, a=cython.ulonglong)
cpdef bint unbeatable(unsigned long long attacker, unsigned long long defender,
                      unsigned long long trumps) noexcept

@cython.locals(inplay=cython.ulonglong, skip=cython.ulonglong, rest=cython.ulonglong,
               low=cython.ulonglong, c=cython.int, t=cython.int, above=cython.ulonglong,
               nxt=cython.ulonglong, r=cython.int, r2=cython.int, between=cython.ulonglong,
               ok=cython.bint, u=cython.int, both=cython.ulonglong)
cpdef unsigned long long twins(unsigned long long h, unsigned long long other,
                               unsigned long long table) noexcept

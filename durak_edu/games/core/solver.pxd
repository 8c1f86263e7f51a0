# C types for solver.py (an augmenting .pxd; see state.pxd): the ending search's hot loop.
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.cbits cimport lowest, popcount
from durak_edu.games.core.moves cimport count, moves, nth
from durak_edu.games.core.apply cimport apply
from durak_edu.games.core.cmemo cimport (durak_edu_memo, memo_new, memo_free, memo_get, memo_put,
                                         memo_used)

cdef int _FRESH, _SHIFT, _K_ATTACK, _K_BEAT, _K_TRANSFER, _K_THROW, _K_PASS, _BEAT, _ORDER
cdef int _N_RANKS
cdef unsigned long long _TRIPLETS, _SUIT, _PAYLOAD, _BEAT_LOW, _PASS_MOVE, _ONE, _LOW16, _NIBBLE


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
    cdef list pool
    cdef public unsigned long long trumps
    cdef public bint counts_matter, masks, single, close, twins, suits, verdicts, ranks, seats
    cdef public int trump_suit

    @cython.locals(st=CoreState)
    cdef tuple _play(self, tuple node, unsigned long long move)

    @cython.locals(st=CoreState, c=CoreState, pool=list, row=list)
    cdef tuple _reuse(self, tuple node, unsigned long long move, int depth, int j)

    @cython.locals(taking=cython.bint, kind=cython.int, m=cython.ulonglong)
    cdef tuple _advance(self, CoreState c, unsigned long long table,
                        unsigned long long unbeaten, unsigned long long move)

    @cython.locals(durak=cython.int)
    cdef int _score(self, CoreState st) except? -9

    @cython.locals(st=CoreState, h0=cython.ulonglong, h1=cython.ulonglong,
                   table=cython.ulonglong, flags=cython.ulonglong, pile=cython.int)
    cdef object _key(self, tuple node)

    @cython.locals(hi=cython.ulonglong, lo=cython.ulonglong, high=object)
    cpdef object key(self, tuple node)

    @cython.locals(st=CoreState, flags=cython.ulonglong)
    cdef (unsigned long long, unsigned long long) _words(self, tuple node)

    @cython.locals(st=CoreState, cst=CoreState, entry=cython.longlong, lo=cython.int,
                   hi=cython.int, first=cython.int, a=cython.int, b=cython.int, a0=cython.int,
                   b0=cython.int, ms=list, mine=cython.bint, i=cython.int, best=cython.int,
                   best_i=cython.int, v=cython.int, skip=cython.ulonglong,
                   m=cython.ulonglong, kind=cython.int, tried=list,
                   other=cython.ulonglong, own=cython.ulonglong, breaks=cython.bint,
                   kh=cython.ulonglong, kl=cython.ulonglong, table=Table,
                   size=cython.longlong)
    cdef int _value(self, tuple node, int alpha, int beta, object key, int depth) except? -9

    @cython.locals(cst=CoreState, e=cython.longlong, mine=cython.bint, kids=list, keys=list,
                   close=cython.bint, sort=list, i=cython.int, j=cython.int, klo=cython.int,
                   khi=cython.int, rank=cython.longlong, s=cython.longlong,
                   v=cython.int, table=Table, ch=cython.ulonglong, cl=cython.ulonglong)
    cdef int _others(self, tuple node, list ms, list tried, object key, unsigned long long kh,
                     unsigned long long kl, int a, int b, int a0, int b0, int lo, int hi,
                     int best, int best_i, int depth) except? -9

    cdef int _keep(self, object key, unsigned long long kh, unsigned long long kl, int best,
                   int best_i, int a0, int b0, int lo, int hi, bint mine) except? -9


cdef unsigned long long _hand(CoreState st, int seat) noexcept

cdef int _entry(int lo, int hi, int best, bint mine) noexcept

@cython.locals(n=cython.int, keys=list, i=cython.int, m=cython.ulonglong, k=cython.int,
               score=cython.longlong, p=cython.ulonglong, cards=cython.int, kk=cython.longlong,
               d=cython.int, c1=cython.int)
cpdef list order(list ms, bint single, unsigned long long trumps, bint breaks=*,
                 unsigned long long other=*, unsigned long long own=*)

@cython.locals(u=cython.int, a=cython.ulonglong)
cpdef bint unbeatable(unsigned long long attacker, unsigned long long defender,
                      unsigned long long trumps) noexcept

@cython.locals(inplay=cython.ulonglong, skip=cython.ulonglong, rest=cython.ulonglong,
               low=cython.ulonglong, c=cython.int, t=cython.int, above=cython.ulonglong,
               nxt=cython.ulonglong, r=cython.int, r2=cython.int, between=cython.ulonglong,
               ok=cython.bint, u=cython.int, both=cython.ulonglong)
cpdef unsigned long long twins(unsigned long long h, unsigned long long other,
                               unsigned long long table) noexcept

@cython.locals(hi=cython.ulonglong, lo=cython.ulonglong, high=object)
cpdef object canonical(unsigned long long h0, unsigned long long h1, unsigned long long table,
                       unsigned long long unbeaten, int trump, bint suits,
                       unsigned long long flags, bint ranks=*, bint seats=*)

@cython.locals(t=cython.ulonglong, a=cython.ulonglong, b=cython.ulonglong, c=cython.ulonglong,
               j=cython.int, sh=cython.int, beaten=cython.ulonglong, x0=cython.ulonglong,
               x1=cython.ulonglong, inplay=cython.ulonglong, left=cython.ulonglong,
               s0=cython.ulonglong, s1=cython.ulonglong, s2=cython.ulonglong,
               s3=cython.ulonglong, low=cython.ulonglong, y=cython.ulonglong,
               run=cython.ulonglong, out=cython.ulonglong, ka=cython.ulonglong,
               kb=cython.ulonglong, kc=cython.ulonglong, ab=cython.bint, bc=cython.bint)
cdef (unsigned long long, unsigned long long) _canon(
    unsigned long long h0, unsigned long long h1, unsigned long long table,
    unsigned long long unbeaten, int trump, bint suits, unsigned long long flags, bint ranks,
    bint seats) noexcept

@cython.locals(t0=cython.ulonglong, a0=cython.ulonglong, b0=cython.ulonglong,
               c0=cython.ulonglong, t1=cython.ulonglong, a1=cython.ulonglong,
               b1=cython.ulonglong, c1=cython.ulonglong, n=cython.int, x=cython.ulonglong,
               y=cython.ulonglong, z=cython.ulonglong, i=cython.int)
cdef (unsigned long long, unsigned long long, unsigned long long, unsigned long long) _least_order(
    unsigned long long t, unsigned long long a, unsigned long long b, unsigned long long c,
    bint ab, bint bc) noexcept

@cython.locals(q=cython.ulonglong, m=cython.ulonglong, low=cython.ulonglong)
cdef unsigned long long _packed(unsigned long long s) noexcept

@cython.locals(mt=cython.ulonglong, ma=cython.ulonglong, mb=cython.ulonglong,
               mc=cython.ulonglong, j=cython.int, left=cython.ulonglong,
               ot=cython.ulonglong, oa=cython.ulonglong, ob=cython.ulonglong,
               oc=cython.ulonglong, x=cython.ulonglong, held=cython.ulonglong,
               free=cython.ulonglong, best=cython.ulonglong, pick=cython.ulonglong,
               low=cython.ulonglong, sh=cython.int, col=cython.ulonglong)
cdef (unsigned long long, unsigned long long, unsigned long long, unsigned long long) _rank_order(
    unsigned long long t, unsigned long long a, unsigned long long b, unsigned long long c) noexcept

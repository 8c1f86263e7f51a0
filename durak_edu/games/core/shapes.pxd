# C types for shapes.py (an augmenting .pxd; see state.pxd): the R4/R9.8 shapes counted and
# unranked with C integers (counts are at most C(52, 5)); ``_ways`` is remembered in a dict
# keyed by its arguments packed into one integer, with a direct-mapped C copy in front.
cimport cython
from durak_edu.games.core.cbits cimport popcount, lowest
from durak_edu.games.core.bits cimport nth_combination

cdef int _ANY, _PAIR, _TWO_PAIRS, _TWO_PAIRS_ONE
cdef unsigned long long _RANK, _ONE
cdef dict _MEMO
cdef long long _SLOTS_MASK
cdef long long _SLOT_KEY[4096]
cdef long long _SLOT_WAYS[4096]
cdef dict _GROUP_LISTS

cpdef list groups(str shape, long long most)

cpdef int code(int k, int cond) noexcept

@cython.locals(pairs=cython.int)
cdef inline int _add(int stat, int f) noexcept

@cython.locals(pairs=cython.int)
cdef bint _accept(int cond, int stat) noexcept

cdef inline long long _key(int cond, int stat, int r, int n1, int n2, int n3, int n4) noexcept

@cython.locals(key=cython.longlong, slot=cython.longlong, total=cython.longlong, c=cython.int,
               u=cython.int, w=cython.longlong)
cdef long long _ways(int cond, int stat, int r, int n1, int n2, int n3, int n4) except -1

@cython.locals(out=cython.ulonglong, f=cython.int)
cdef unsigned long long _classes(unsigned long long h) noexcept

cdef inline int _class(unsigned long long packed, int f) noexcept

@cython.locals(out=cython.longlong, i=cython.int)
cdef long long _choose(int n, int k) noexcept

cdef unsigned long long _SUMS_OF
cdef bint _SUMS_SET
cdef long long _SP, _SP2, _SPF, _SP2F, _S3, _S3P, _S4, _S4F

@cython.locals(x=cython.ulonglong, f=cython.int, p=cython.longlong, t=cython.longlong,
               q=cython.longlong, sp=cython.longlong, sp2=cython.longlong, spf=cython.longlong,
               sp2f=cython.longlong, s3=cython.longlong, s3p=cython.longlong,
               s4=cython.longlong, s4f=cython.longlong)
cdef void _rank_sums(unsigned long long h) noexcept

@cython.locals(k=cython.int, cond=cython.int, n=cython.longlong, m=cython.ulonglong,
               sp=cython.longlong, sp2=cython.longlong, spf=cython.longlong,
               sp2f=cython.longlong, s3=cython.longlong, s3p=cython.longlong,
               s4=cython.longlong, s4f=cython.longlong, pairs2=cython.longlong,
               out=cython.longlong)
cpdef long long count_group(unsigned long long h, int c) except -1

@cython.locals(stat=cython.int, x=cython.ulonglong, k=cython.int, c=cython.int)
cpdef bint fits(unsigned long long m, list codes) except -1

@cython.locals(total=cython.longlong, c=cython.int)
cpdef long long count(unsigned long long h, list codes) except -1

@cython.locals(above=list, acc=cython.ulonglong, q=cython.int, f=cython.int)
cdef list _above(unsigned long long h)

@cython.locals(ry=cython.int, fixed=cython.int, t0=cython.int, a=cython.int,
               n=cython.ulonglong, n1=cython.int, n2=cython.int, n3=cython.int, n4=cython.int,
               c=cython.longlong, u=cython.int, w=cython.longlong)
cdef long long _weight(unsigned long long h, list above, int cond, int base, int rank, int t,
                       int y, int r) except -1

@cython.locals(shift=cython.int, nib=cython.ulonglong, c=cython.longlong, above=list,
               out=cython.ulonglong, base=cython.int, rank=cython.int, t=cython.int,
               m=cython.ulonglong, r=cython.int, x=cython.ulonglong, y=cython.int)
cpdef unsigned long long nth(unsigned long long h, int k, int cond, long long j) except? 0

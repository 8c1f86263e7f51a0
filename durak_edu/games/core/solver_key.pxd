# C types for solver_key.py (the ending search's key), compiled by setup.py with the core
cimport cython
from durak_edu.games.core.cbits cimport lowest

cdef unsigned long long _SUIT, _TRIPLETS


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
cpdef (unsigned long long, unsigned long long) key_words(
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

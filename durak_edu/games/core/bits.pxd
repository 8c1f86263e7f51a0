# C types for bits.py (an augmenting .pxd; see state.pxd). Masks are unsigned 64-bit.
cimport cython

cpdef int popcount(unsigned long long m) noexcept
@cython.locals(n=cython.int, step=cython.int)
cpdef int bitlen(unsigned long long m) noexcept
cpdef int lowest(unsigned long long m) noexcept
cpdef unsigned long long nth_bit(unsigned long long m, long long j) noexcept

@cython.locals(n=cython.int, out=cython.ulonglong, low=cython.ulonglong, room=cython.longlong)
cpdef unsigned long long nth_combination(unsigned long long m, int k, long long j) except? 0

@cython.locals(n=cython.int, k=cython.int, c=cython.longlong)
cpdef unsigned long long nth_subset(unsigned long long m, int room, long long j) except? 0

@cython.locals(x=cython.ulonglong)
cpdef unsigned long long rank_counts_multi(unsigned long long h) noexcept

cdef unsigned long long _M1, _M2, _M4, _S1, _S2, _S4, _S8, _ALL64

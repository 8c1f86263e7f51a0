# The bit helpers of bits.py as C builtins, inlined where they are cimported (a .pxd with no
# .py: compiled only). The .py modules import bits.py's functions instead when they run as
# plain Python (``if not cython.compiled:``), which give the same numbers.

cdef extern from *:
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

# Without -mpopcnt (the portable build) __builtin_popcountll is a call into libgcc's
# __popcountdi2: a count by bit-slicing inline is faster; with the instruction, the builtin.
cdef extern from *:
    """
    static inline int durak_edu_popcount64(unsigned long long m) {
    #if defined(__POPCNT__) || !defined(__GNUC__)
    #  if defined(__GNUC__)
        return __builtin_popcountll(m);
    #  else
        int n = 0;
        while (m) { m &= m - 1; n++; }
        return n;
    #  endif
    #else
        m = m - ((m >> 1) & 0x5555555555555555ULL);
        m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
        m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((m * 0x0101010101010101ULL) >> 56);
    #endif
    }
    """
    int durak_edu_popcount64(unsigned long long) nogil

cdef inline int popcount(unsigned long long m) noexcept nogil:
    """bits.popcount: how many cards the mask holds"""
    return durak_edu_popcount64(m)

cdef inline int bitlen(unsigned long long m) noexcept nogil:
    """bits.bitlen: ``m.bit_length()``"""
    return 0 if m == 0 else 64 - __builtin_clzll(m)

cdef inline int lowest(unsigned long long m) noexcept nogil:
    """bits.lowest: the lowest set bit's position, -1 for 0"""
    return -1 if m == 0 else __builtin_ctzll(m)

# The bit helpers of bits.py as C builtins, inlined where they are cimported (a .pxd with no
# .py: compiled only). The .py modules import bits.py's functions instead when they run as
# plain Python (``if not cython.compiled:``), which give the same numbers.

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef inline int popcount(unsigned long long m) noexcept nogil:
    """bits.popcount: how many cards the mask holds"""
    return __builtin_popcountll(m)

cdef inline int bitlen(unsigned long long m) noexcept nogil:
    """bits.bitlen: ``m.bit_length()``"""
    return 0 if m == 0 else 64 - __builtin_clzll(m)

cdef inline int lowest(unsigned long long m) noexcept nogil:
    """bits.lowest: the lowest set bit's position, -1 for 0"""
    return -1 if m == 0 else __builtin_ctzll(m)

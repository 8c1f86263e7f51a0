# C types for otboyny.py (an augmenting .pxd; see core/state.pxd): R9.13's shuffle
cimport cython
from durak_edu.games.core.cbits cimport bitlen
from durak_edu.games.core.state cimport CoreState

@cython.locals(bitos=cython.longlong, extra=dict, talon=list, tp=cython.int, rest=list,
               bottom=list, pool=list, i=cython.int, d=cython.int)
cpdef bint _bito_back(CoreState st) except -1

@cython.locals(i=cython.int, n=cython.int, k=cython.int, j=cython.longlong)
cpdef void _shuffle(object rng, list pool) except *

cdef int _N, _M, _KEY_WORDS
cdef unsigned long long _WORD, _UPPER, _LOWER, _MATRIX_A, _TEMPER_B, _TEMPER_C
cdef unsigned int _BASE[624]
cdef unsigned int _MT[624]
cdef unsigned int _KEY[128]
cdef int _at, _twisted
cdef unsigned int _MT_AHEAD[624]
cdef unsigned int _KEY_AHEAD[128]
cdef str _ahead

cpdef void keyed_shuffle(str key, list pool, str ahead=*) except *

@cython.locals(x=cython.ulonglong, i=cython.int)
cdef void _base() noexcept

@cython.locals(n=cython.Py_ssize_t, start=cython.Py_ssize_t, words=cython.Py_ssize_t,
               w=cython.Py_ssize_t, end=cython.Py_ssize_t, q=cython.Py_ssize_t,
               x=cython.ulonglong, b='const unsigned char *')
cdef Py_ssize_t _words(bytes s, unsigned int *key) except -1

@cython.locals(words=cython.Py_ssize_t, words_ahead=cython.Py_ssize_t, y='unsigned int',
               y2='unsigned int', i=cython.int, j=cython.int, j2=cython.int, k=cython.int,
               mt='unsigned int *', mt2='unsigned int *')
cpdef bint _seed(bytes s, bytes ahead) except -1

@cython.locals(i=cython.int)
cpdef void _seed_ahead() noexcept

@cython.locals(kk=cython.int, x=cython.ulonglong, y=cython.ulonglong, mt='unsigned int *')
cdef unsigned long long _next32() noexcept

@cython.locals(i=cython.Py_ssize_t, n=cython.longlong, k=cython.int, j=cython.longlong)
cpdef void _draw_shuffle(list pool) except *

cdef inline unsigned int _u32(unsigned long long x) noexcept:
    """the low 32 bits: a cast (otboyny.py's ``_u32`` as plain Python)"""
    return <unsigned int>x

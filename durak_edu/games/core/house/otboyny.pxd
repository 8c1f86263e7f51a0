# C types for otboyny.py (an augmenting .pxd; see core/state.pxd): R9.13's shuffle
cimport cython
from durak_edu.games.core.cbits cimport bitlen

@cython.locals(i=cython.int, n=cython.int, k=cython.int, j=cython.longlong)
cpdef void _shuffle(object rng, list pool) except *

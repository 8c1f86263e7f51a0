# C types for defender_swaps.py (an augmenting .pxd; see core/state.pxd): R9.19's menu check,
# asked at every defending move while the talon lasts, reads the state's C arrays
cimport cython
from durak_edu.games.core.cbits cimport popcount
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.house.once cimport made, mark

@cython.locals(left=cython.Py_ssize_t)
cdef int _free(CoreState st) except? -1

cdef long long _size(CoreState st) except? -1

@cython.locals(seat=cython.int, i=cython.int, free=cython.int, h=cython.ulonglong)
cdef int _offers(CoreState st) except? -1

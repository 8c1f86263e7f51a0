# C types for defender_swaps.py (an augmenting .pxd; see core/state.pxd): R9.19's menu check,
# asked at every defending move while the talon lasts, reads the state's C arrays
cimport cython
from durak_edu.games.core.cbits cimport lowest, popcount
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.house.once cimport made, mark

@cython.locals(left=cython.Py_ssize_t)
cdef int _free(CoreState st) except? -1

cdef long long _size(CoreState st) except? -1

@cython.locals(seat=cython.int, i=cython.int, free=cython.int, h=cython.ulonglong)
cdef int _offers(CoreState st) except? -1

cdef unsigned long long _ONE

@cython.locals(seat=cython.int, k=cython.int, pos=cython.int, talon=list, rest=list,
               bottom=list, given_in=list, x=cython.ulonglong, b=cython.int, i=cython.int,
               p=cython.int, got=cython.ulonglong, left=cython.ulonglong, seats=list)
cdef void _swap(CoreState st, unsigned long long given) except *

cdef unsigned long long _hand(CoreState st) except? 0

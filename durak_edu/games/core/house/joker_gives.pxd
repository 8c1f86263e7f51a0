# C types for joker_gives.py (an augmenting .pxd; see core/state.pxd): R9.49's check at every
# bout's start reads the state's C arrays and fields
cimport cython
from durak_edu.games.core.state cimport CoreState

@cython.locals(held=cython.ulonglong, p=cython.int)
cdef unsigned long long _held(CoreState st) except? 0

@cython.locals(held=cython.ulonglong, asked=cython.bint)
cdef bint _follow_jokers(CoreState st, object part) except -1

@cython.locals(out=cython.int, c=cython.longlong)
cdef int _discarded(list discard) except -1

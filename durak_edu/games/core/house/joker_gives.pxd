# C types for joker_gives.py (an augmenting .pxd; see core/state.pxd): R9.49's check at every
# bout's start reads the state's C arrays
cimport cython
from durak_edu.games.core.state cimport CoreState

@cython.locals(held=cython.ulonglong, p=cython.int)
cdef unsigned long long _held(CoreState st) except? 0

cdef unsigned long long _hand(CoreState st, int seat) except? 0

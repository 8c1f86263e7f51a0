# C types for counter_attack.py (an augmenting .pxd; see core/state.pxd): R9.39's menu hook
# reads the state's C arrays, as the core does
cimport cython
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.cbits cimport bitlen, popcount

cdef unsigned long long _COUNTER, _ONE

@cython.locals(seat=cython.int, foe=cython.int, extra=list, most=cython.int, target=cython.int,
               h=cython.ulonglong, x=cython.ulonglong, b=cython.ulonglong, card=cython.int,
               same=cython.int, head=cython.ulonglong, g=cython.ulonglong)
cdef list _counters(CoreState st)

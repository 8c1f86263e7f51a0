# C types for counter_attack.py (an augmenting .pxd; see core/state.pxd): R9.39's menu hook
# reads the state's C arrays, as the core does
cimport cython
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.cbits cimport bitlen, lowest, popcount

cdef unsigned long long _COUNTER, _ONE, _NIBBLE

@cython.locals(seat=cython.int, foe=cython.int, extra=list, most=cython.int, target=cython.int,
               h=cython.ulonglong, x=cython.ulonglong, b=cython.ulonglong, card=cython.int,
               same=cython.int, head=cython.ulonglong, g=cython.ulonglong)
cdef list _counters(CoreState st)

@cython.locals(m=cython.ulonglong, card=cython.int, target=cython.int, added=cython.ulonglong,
               seat=cython.int, foe=cython.int, new=list, x=cython.ulonglong,
               laid=cython.ulonglong)
cdef void _counter(CoreState st, unsigned long long move) except *

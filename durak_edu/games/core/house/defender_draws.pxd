# C types for defender_draws.py (an augmenting .pxd; see core/state.pxd): R9.17's menu check,
# asked at every defending move while the talon lasts, reads the state's C arrays
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.house.once cimport made, mark

@cython.locals(seat=cython.int, h=cython.ulonglong, beat=list, i=cython.int,
               b=cython.ulonglong)
cdef bint _offers(CoreState st) except -1

# C types for talon_attack.py (an augmenting .pxd; see core/state.pxd): R9.18's menu check,
# asked at every opening and throw-in while the talon lasts, reads the state's C fields
cimport cython
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.house.once cimport made, mark

@cython.locals(left=cython.Py_ssize_t)
cdef bint _offers(CoreState st) except -1

# C types for magadansky.py (an augmenting .pxd; see core/state.pxd): R9.37's check at every
# bout's start reads the state's C arrays, as the core does
cimport cython
from durak_edu.games.core.state cimport CoreState

@cython.locals(h=cython.ulonglong)
cdef bint _stuck(CoreState st) except -1

# C types for defender_throws_in.py (an augmenting .pxd; see core/state.pxd): R9.10's checks,
# asked at every bout's would-be end and every defending move, read the state's C fields
cimport cython
from durak_edu.games.core.cbits cimport popcount
from durak_edu.games.core.state cimport CoreState, Config

@cython.locals(limit=cython.longlong, half=cython.longlong)
cpdef long long self_room(CoreState st) except? -1

@cython.locals(d=cython.int)
cdef bint _hold(CoreState st) except -1

cpdef bint turn(CoreState st) except -1

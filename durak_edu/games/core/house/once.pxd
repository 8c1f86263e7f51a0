# C types for once.py (an augmenting .pxd; see core/state.pxd): the once-a-bout mark, asked by
# the gallery's parts at every move their menus may change (R9.17, R9.18, R9.19)
cimport cython
from durak_edu.games.core.state cimport CoreState

cpdef bint made(CoreState st, str name, int seat) except -1

cpdef void mark(CoreState st, str name, int seat) except *

# C types for playout.py (an augmenting .pxd; see state.pxd)
cimport cython
from durak_edu.games.core.state cimport CoreState
from durak_edu.games.core.cbits cimport bitlen
from durak_edu.games.core.moves cimport Menu, count_menu, menu, nth_of_menu
from durak_edu.games.core.apply cimport apply

@cython.locals(m=Menu, count=cython.longlong, k=cython.int, j=cython.longlong, played=cython.longlong)
cpdef playout(CoreState st, object getrandbits)

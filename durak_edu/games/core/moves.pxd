# C types for moves.py (an augmenting .pxd; see state.pxd). A move is an unsigned 64-bit int.
cimport cython
from durak_edu.games.core.state cimport CoreState, Config
from durak_edu.games.core.cbits cimport popcount, bitlen
from durak_edu.games.core.bits cimport nth_bit, nth_combination, nth_subset, rank_counts_multi
from durak_edu.games.core.checks cimport playable, room, table_ranks, transfer_blocked, transfer_check

cdef class Menu:
    cdef public int kind
    cdef public unsigned long long hand, multi
    cdef public long long most
    cdef public list targets
    cdef public unsigned long long same, sizes, show
    cdef public long long room
    cdef public list listed
    cdef public Menu inner
    cdef public unsigned long long tag

cdef int _K_ATTACK, _K_BEAT, _K_TRANSFER, _K_SHOW, _K_TAKE, _K_THROW, _K_PASS
cdef unsigned long long _M_ATTACK, _M_BEAT, _M_TRANSFER, _M_SHOW, _M_TAKE, _M_THROW, _M_PASS
cdef unsigned long long _RANK, _ONE
cdef int _LISTED, _SHAPED, _WITH, _WITH_SUBSETS, _WITH_COMBOS, _N_ATTACK_MOST, _BEAT
cdef list _NONE

@cython.locals(m=Menu)
cdef Menu _new_menu(int kind, unsigned long long hand)

cpdef Menu menu(CoreState st)

cpdef tuple phase_moves(CoreState st)

@cython.locals(seat=cython.int, h=cython.ulonglong, most=cython.longlong, r=cython.longlong,
               throwable=cython.ulonglong, beat=list, targets=list,
               i=cython.int, a=cython.int, m=Menu)
cpdef Menu core_menu(CoreState st)

@cython.locals(code=cython.int, rank=cython.int, same=cython.ulonglong, sizes=cython.ulonglong,
               k=cython.int, show=cython.ulonglong)
cpdef tuple transfer_options(CoreState st, unsigned long long h)

@cython.locals(target=tuple)
cpdef long long count_menu(Menu m) except? -1

@cython.locals(options=cython.ulonglong, c=cython.longlong, a=cython.ulonglong, target=tuple)
cpdef unsigned long long nth_of_menu(Menu m, long long j) except? 0

@cython.locals(c=Config, most=cython.longlong, held=cython.longlong)
cpdef long long attack_most(CoreState st) except? -1

@cython.locals(r=cython.longlong, held=cython.longlong)
cpdef long long throw_room(CoreState st, int seat, unsigned long long throwable) except? -1

@cython.locals(total=cython.longlong, x=cython.ulonglong, b=cython.ulonglong)
cpdef long long count_attack(unsigned long long h, unsigned long long multi, long long most) except? -1

@cython.locals(total=cython.longlong, n_same=cython.int, k=cython.int)
cpdef long long count_transfers(unsigned long long same, unsigned long long sizes,
                                unsigned long long show) except? -1

cpdef long long count_throw(unsigned long long throwable, long long r) except? -1

@cython.locals(singles=cython.int, x=cython.ulonglong, b=cython.ulonglong, c=cython.longlong,
               k=cython.int, shift=cython.int, nibble=cython.ulonglong)
cpdef unsigned long long nth_attack(unsigned long long h, unsigned long long multi,
                                    long long most, long long j) except? 0

@cython.locals(n_same=cython.int, k=cython.int, c=cython.longlong)
cpdef unsigned long long nth_transfer(unsigned long long same, unsigned long long sizes,
                                      unsigned long long show, long long j) except? 0

@cython.locals(c=cython.longlong)
cpdef unsigned long long nth_throw(unsigned long long throwable, long long r, long long j) except? 0

cpdef long long count(CoreState st) except? -1
cpdef unsigned long long nth(CoreState st, long long j) except? 0

@cython.locals(m=Menu, out=list, h=cython.ulonglong, multi=cython.ulonglong,
               most=cython.longlong, x=cython.ulonglong, b=cython.ulonglong, k=cython.int,
               shift=cython.int, g=cython.ulonglong, same=cython.ulonglong,
               sizes=cython.ulonglong, show=cython.ulonglong, a=cython.ulonglong,
               throwable=cython.ulonglong, r=cython.longlong, target=tuple, c=cython.longlong,
               j=cython.longlong)
cpdef list moves(CoreState st)

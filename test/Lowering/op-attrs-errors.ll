; The attribute string of an llvm.cute.* op is checked against the op's
; records (td/Ops.td): an unknown or mistyped key, a value of the wrong
; type and a flag given a value are located errors that say what the op
; accepts, never silently ignored (`mdoe=1` used to give size 24, not 3).
;
; RUN: not cute-opt -passes=cute-lower %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@l = private constant [16 x i8] c"(4,3,2):(1,4,0)\00"
@t = private constant [6 x i8] c"(2,3)\00"
@tl = private constant [12 x i8] c"(2,3):(1,2)\00"
@mdoe = private constant [7 x i8] c"mdoe=1\00"
@mode_x = private constant [7 x i8] c"mode=x\00"
@mode = private constant [5 x i8] c"mode\00"
@strict1 = private constant [9 x i8] c"strict=1\00"
@res0 = private constant [9 x i8] c"result=0\00"
@begin = private constant [16 x i8] c"begin=0,1 end=2\00"
@mma = private constant [25 x i8] c"mma_shape=16,8,16 mdoe=1\00"
@pcoord = private constant [7 x i8] c"mode=a\00"

declare ptr @llvm.cute.make_layout(ptr, ...)
declare ptr @llvm.cute.make_tile(ptr, ...)
declare i32 @llvm.cute.size(ptr, ptr)
declare i32 @llvm.cute.rank(ptr, ptr)
declare ptr @llvm.cute.composition(ptr, ptr, ptr)
declare ptr @llvm.cute.group_modes(ptr, ptr)
declare ptr @llvm.cute.make_tiled_mma(ptr)
declare ptr @llvm.cute.partition_coord(ptr, ptr, ptr)

; CHECK: error: in function 'misspelt_key': unknown attribute 'mdoe' of 'llvm.cute.size'; expected one of: mode
define i32 @misspelt_key() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %s = call i32 @llvm.cute.size(ptr %l, ptr @mdoe)
  ret i32 %s
}

; CHECK: error: in function 'not_an_integer': attribute 'mode' of 'llvm.cute.size' expects a comma-separated integer list, but got 'x'
define i32 @not_an_integer() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %s = call i32 @llvm.cute.size(ptr %l, ptr @mode_x)
  ret i32 %s
}

; CHECK: error: in function 'no_value': 'llvm.cute.size': malformed attribute 'mode': expects key=value
define i32 @no_value() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %s = call i32 @llvm.cute.size(ptr %l, ptr @mode)
  ret i32 %s
}

; An op without attributes says so.
; CHECK: error: in function 'no_attributes': unknown attribute 'mode' of 'llvm.cute.rank', which takes no attributes
define i32 @no_attributes() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %r = call i32 @llvm.cute.rank(ptr %l, ptr @mode_x)
  ret i32 %r
}

; `result=K` belongs to the ops with several results.
; CHECK: error: in function 'result_of_single': unknown attribute 'result' of 'llvm.cute.rank', which takes no attributes
define i32 @result_of_single() {
  %l = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %r = call i32 @llvm.cute.rank(ptr %l, ptr @res0)
  ret i32 %r
}

; CHECK: error: in function 'flag_with_value': attribute 'strict' of 'llvm.cute.composition' is a flag and takes no value, but got 'strict=1'
define ptr @flag_with_value() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %b = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @tl)
  %c = call ptr @llvm.cute.composition(ptr %a, ptr %b, ptr @strict1)
  ret ptr %c
}

; An integer attribute takes one integer.
; CHECK: error: in function 'list_for_int': attribute 'begin' of 'llvm.cute.group_modes' expects an integer, but got '0,1'
define ptr @list_for_int() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %g = call ptr @llvm.cute.group_modes(ptr %a, ptr @begin)
  ret ptr %g
}

; The tiled builders list every key, the registry's atom names included.
; CHECK: error: in function 'tiled_mma_key': unknown attribute 'mdoe' of 'llvm.cute.make_tiled_mma'; expected one of: mma_atom, mma_shape, mma_thr_id, mma_a_tv, mma_b_tv, mma_c_tv, atom_layout, permutation, result
define ptr @tiled_mma_key() {
  %m = call ptr @llvm.cute.make_tiled_mma(ptr @mma)
  ret ptr %m
}

; CHECK: error: in function 'partition_coord_mode': attribute 'mode' of 'llvm.cute.partition_coord' expects an integer, but got 'a'
define ptr @partition_coord_mode() {
  %a = call ptr (ptr, ...) @llvm.cute.make_layout(ptr @l)
  %t = call ptr (ptr, ...) @llvm.cute.make_tile(ptr @t)
  %c = call ptr @llvm.cute.partition_coord(ptr %a, ptr %t, ptr @pcoord)
  ret ptr %c
}

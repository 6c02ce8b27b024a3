// Every built-in decode rule (one per type category).
#pragma once

#include "jsonx/bind/detail/decode_base.hpp"
#include "jsonx/bind/detail/decode_containers.hpp"
#include "jsonx/bind/detail/decode_scalars.hpp"
#include "jsonx/bind/detail/decode_struct.hpp"
#include "jsonx/bind/detail/decode_wrappers.hpp"

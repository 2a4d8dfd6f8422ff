// Vector and quaternion arithmetic with Unity's conventions (left-handed, Euler angles applied
// Z, then X, then Y), used to derive world transforms from the parent chain.
#pragma once

namespace uap::editor_sim {

struct Vector3 {
    double x = 0, y = 0, z = 0;
};

struct Quaternion {
    double x = 0, y = 0, z = 0, w = 1;
};

Quaternion multiply(const Quaternion& left, const Quaternion& right);
Quaternion inverse(const Quaternion& rotation);
Quaternion normalized(const Quaternion& rotation);
Vector3 rotate(const Quaternion& rotation, const Vector3& vector);
// Quaternion.Euler(x, y, z): degrees, applied around Z, then X, then Y.
Quaternion from_euler(const Vector3& degrees);
// Quaternion.eulerAngles: each angle in [0, 360).
Vector3 to_euler(const Quaternion& rotation);

Vector3 add(const Vector3& left, const Vector3& right);
Vector3 subtract(const Vector3& left, const Vector3& right);
Vector3 scale_by(const Vector3& left, const Vector3& right);
// Component-wise division; a zero divisor yields zero rather than infinity (Unity does the same
// when it derives a local scale under a zero-scaled parent).
Vector3 divide_by(const Vector3& left, const Vector3& right);

} // namespace uap::editor_sim

// Vector and quaternion arithmetic with Unity's conventions; see transform_math.hpp.
#include "transform_math.hpp"

#include <algorithm>
#include <cmath>

namespace uap::editor_sim {

namespace {

constexpr double degrees_per_radian = 57.29577951308232;

double wrap_degrees(double angle) {
    double wrapped = std::fmod(angle, 360.0);
    if (wrapped < 0)
        wrapped += 360.0;
    // Round-off near a full turn would print 359.99999; Unity reports 0 there too.
    if (wrapped > 360.0 - 1e-4)
        wrapped = 0;
    return wrapped;
}

Quaternion axis_angle(double x, double y, double z, double degrees) {
    double half = degrees / degrees_per_radian / 2;
    double sine = std::sin(half);
    return {x * sine, y * sine, z * sine, std::cos(half)};
}

} // namespace

Quaternion multiply(const Quaternion& a, const Quaternion& b) {
    return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y + a.y * b.w + a.z * b.x - a.x * b.z,
            a.w * b.z + a.z * b.w + a.x * b.y - a.y * b.x, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Quaternion normalized(const Quaternion& q) {
    double length = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    if (length < 1e-12)
        return {};
    return {q.x / length, q.y / length, q.z / length, q.w / length};
}

Quaternion inverse(const Quaternion& q) {
    Quaternion unit = normalized(q);
    return {-unit.x, -unit.y, -unit.z, unit.w};
}

Vector3 rotate(const Quaternion& q, const Vector3& v) {
    Quaternion result = multiply(multiply(q, Quaternion{v.x, v.y, v.z, 0}), inverse(q));
    return {result.x, result.y, result.z};
}

Quaternion from_euler(const Vector3& degrees) {
    Quaternion around_x = axis_angle(1, 0, 0, degrees.x);
    Quaternion around_y = axis_angle(0, 1, 0, degrees.y);
    Quaternion around_z = axis_angle(0, 0, 1, degrees.z);
    return multiply(around_y, multiply(around_x, around_z));
}

Vector3 to_euler(const Quaternion& rotation) {
    Quaternion q = normalized(rotation);
    // The rotation matrix of q, only the entries the Z-X-Y decomposition needs.
    double m00 = 1 - 2 * (q.y * q.y + q.z * q.z);
    double m02 = 2 * (q.x * q.z + q.y * q.w);
    double m10 = 2 * (q.x * q.y + q.z * q.w);
    double m11 = 1 - 2 * (q.x * q.x + q.z * q.z);
    double m12 = 2 * (q.y * q.z - q.x * q.w);
    double m20 = 2 * (q.x * q.z - q.y * q.w);
    double m22 = 1 - 2 * (q.x * q.x + q.y * q.y);
    double sine_x = std::clamp(-m12, -1.0, 1.0);
    double x = std::asin(sine_x);
    double y = 0, z = 0;
    if (std::abs(sine_x) < 0.999999) {
        y = std::atan2(m02, m22);
        z = std::atan2(m10, m11);
    } else {
        // Gimbal lock: only y + z (or y - z) is defined; report it all as y, as Unity does.
        y = std::atan2(-m20, m00);
    }
    return {wrap_degrees(x * degrees_per_radian), wrap_degrees(y * degrees_per_radian), wrap_degrees(z * degrees_per_radian)};
}

Vector3 add(const Vector3& a, const Vector3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Vector3 subtract(const Vector3& a, const Vector3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vector3 scale_by(const Vector3& a, const Vector3& b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
Vector3 divide_by(const Vector3& a, const Vector3& b) {
    auto part = [](double numerator, double denominator) { return denominator == 0 ? 0.0 : numerator / denominator; };
    return {part(a.x, b.x), part(a.y, b.y), part(a.z, b.z)};
}

} // namespace uap::editor_sim
